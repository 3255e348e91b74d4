import NodeGraph

/// A part of the canvas that hears every notification and may draw: the status bar, the help overlay,
/// the inspector, or a host's own (a minimap, a recorder).
///
/// Plugins are loaded in a declared order; the ``PluginDispatcher`` hands each notification to every
/// plugin in that order, and they draw in that order after the scene (later plugins on top).
public protocol CanvasPlugin: AnyObject {
    /// The plugin's name, unique on a canvas.
    var name: String { get }
    /// Columns the plugin takes at the right edge of the screen (the scene is drawn left of them).
    /// - Parameter state: The canvas state.
    /// - Returns: The columns.
    func reservedColumns(for state: CanvasState) -> Int
    /// Rows the plugin takes at the bottom of the screen.
    /// - Parameter state: The canvas state.
    /// - Returns: The rows.
    func reservedRows(for state: CanvasState) -> Int
    /// Called once the plugin is part of the canvas.
    func didLoad(into canvas: Canvas)
    /// Called just before the plugin leaves the canvas.
    func willUnload(from canvas: Canvas)
    /// Hears what changed, after the reducer answered an action.
    /// - Parameters:
    ///   - notification: What changed.
    ///   - canvas: The canvas.
    func receive(_ notification: CanvasNotification, on canvas: Canvas)
    /// Hears a message a plugin or a tool posted (``Canvas/post(_:)``), in the declared order.
    /// - Parameters:
    ///   - message: The message; a plugin handles the types it knows and ignores the others.
    ///   - canvas: The canvas.
    func receive(_ message: any PluginMessage, on canvas: Canvas)
    /// Draws over the frame.
    /// - Parameters:
    ///   - surface: The frame, with the scene already drawn.
    ///   - canvas: The canvas.
    func draw(on surface: inout Surface, canvas: Canvas)
}

extension CanvasPlugin {
    /// None.
    public func reservedColumns(for state: CanvasState) -> Int { 0 }
    /// None.
    public func reservedRows(for state: CanvasState) -> Int { 0 }
    /// Does nothing.
    public func didLoad(into canvas: Canvas) {}
    /// Does nothing.
    public func willUnload(from canvas: Canvas) {}
    /// Does nothing.
    public func receive(_ notification: CanvasNotification, on canvas: Canvas) {}
    /// Ignores it.
    public func receive(_ message: any PluginMessage, on canvas: Canvas) {}
    /// Draws nothing.
    public func draw(on surface: inout Surface, canvas: Canvas) {}
}

/// A message one plugin (or a tool's command) sends the others: any type of the tool's own.
/// The protocol is open and asks for nothing; a plugin casts to the types it knows.
///
/// ```swift
/// struct TableShown: PluginMessage { var rows: Int }
/// canvas.post(TableShown(rows: 4))
/// // in a plugin:
/// func receive(_ message: any PluginMessage, on canvas: Canvas) {
///     if let shown = message as? TableShown { rows = shown.rows }
/// }
/// ```
public protocol PluginMessage: Sendable {}

/// The loaded plugins, in order, and the one way notifications reach them.
public struct PluginDispatcher {
    /// The plugins, in the order they hear notifications and draw.
    public private(set) var plugins: [any CanvasPlugin] = []

    /// Creates an empty dispatcher.
    public init() {}

    /// Adds a plugin at the end of the order and tells it it loaded.
    /// - Parameters:
    ///   - plugin: The plugin; one with the same name is unloaded first.
    ///   - canvas: The canvas.
    mutating func load(_ plugin: any CanvasPlugin, into canvas: Canvas) {
        unload(named: plugin.name, from: canvas)
        plugins.append(plugin)
        plugin.didLoad(into: canvas)
    }

    /// Tells a plugin it is about to unload, then removes it.
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - canvas: The canvas.
    mutating func unload(named name: String, from canvas: Canvas) {
        guard let index = plugins.firstIndex(where: { $0.name == name }) else { return }
        plugins[index].willUnload(from: canvas)
        plugins.remove(at: index)
    }

    /// Hands a notification to every plugin, in order.
    func dispatch(_ notification: CanvasNotification, on canvas: Canvas) {
        for plugin in plugins { plugin.receive(notification, on: canvas) }
    }

    /// Hands a message to every plugin, in order.
    func deliver(_ message: any PluginMessage, on canvas: Canvas) {
        for plugin in plugins { plugin.receive(message, on: canvas) }
    }

    /// The plugin with a name.
    /// - Parameter name: The name.
    public func plugin(named name: String) -> (any CanvasPlugin)? { plugins.first { $0.name == name } }
}
