/// The styles of every part of the canvas.
///
/// The two presets differ only in color: ``eightColor`` uses the 8 ANSI colors, ``monochrome``
/// none. Both mark the same things with the same attributes (the selected node bold, invalid
/// link targets dim, the cursor and the chosen palette entry reversed, errors bold and
/// underlined), so a monochrome terminal shows every distinction.
public struct Styles: Hashable, Sendable {
    /// A node's box edges.
    public var border: CellStyle
    /// The selected node's box edges.
    public var selectedBorder: CellStyle
    /// A node's name in its title bar.
    public var title: CellStyle
    /// The selected node's name.
    public var selectedTitle: CellStyle
    /// The delete marker.
    public var deleteMarker: CellStyle
    /// Ordinary text inside a node: values, labels.
    public var text: CellStyle
    /// Secondary text: types, unconnected inputs, operator symbols.
    public var secondary: CellStyle
    /// A value that is an error.
    public var error: CellStyle
    /// Links.
    public var link: CellStyle
    /// Links into or out of the selected node.
    public var selectedLink: CellStyle
    /// An input row a link may target in link mode.
    public var validTarget: CellStyle
    /// An input row a link may not target in link mode.
    public var invalidTarget: CellStyle
    /// The link target under the cursor in link mode.
    public var currentTarget: CellStyle
    /// A value being edited.
    public var editing: CellStyle
    /// The status line.
    public var status: CellStyle
    /// The mode's name at the start of the status line.
    public var statusMode: CellStyle
    /// A refusal or error message in the status line.
    public var statusError: CellStyle
    /// Panels and overlays (help, inspector, palette).
    public var panel: CellStyle
    /// Panel and overlay headings.
    public var panelTitle: CellStyle
    /// The chosen entry of a list (palette).
    public var panelChoice: CellStyle
    /// Whether color swatches can show their color (otherwise they are shaded with a glyph).
    public var showsColors: Bool

    /// Creates a style set.
    public init(
        border: CellStyle, selectedBorder: CellStyle, title: CellStyle, selectedTitle: CellStyle,
        deleteMarker: CellStyle, text: CellStyle, secondary: CellStyle, error: CellStyle, link: CellStyle,
        selectedLink: CellStyle, validTarget: CellStyle, invalidTarget: CellStyle, currentTarget: CellStyle,
        editing: CellStyle, status: CellStyle, statusMode: CellStyle, statusError: CellStyle,
        panel: CellStyle,
        panelTitle: CellStyle, panelChoice: CellStyle, showsColors: Bool
    ) {
        self.border = border
        self.selectedBorder = selectedBorder
        self.title = title
        self.selectedTitle = selectedTitle
        self.deleteMarker = deleteMarker
        self.text = text
        self.secondary = secondary
        self.error = error
        self.link = link
        self.selectedLink = selectedLink
        self.validTarget = validTarget
        self.invalidTarget = invalidTarget
        self.currentTarget = currentTarget
        self.editing = editing
        self.status = status
        self.statusMode = statusMode
        self.statusError = statusError
        self.panel = panel
        self.panelTitle = panelTitle
        self.panelChoice = panelChoice
        self.showsColors = showsColors
    }

    /// The 8 ANSI colors.
    public static let eightColor = Styles(
        border: CellStyle(foreground: .white),
        selectedBorder: CellStyle(foreground: .yellow, bold: true),
        title: CellStyle(foreground: .cyan, bold: true),
        selectedTitle: CellStyle(foreground: .black, background: .yellow, bold: true),
        deleteMarker: CellStyle(foreground: .red),
        text: .plain,
        secondary: CellStyle(foreground: .white, dim: true),
        error: CellStyle(foreground: .red, bold: true, underline: true),
        link: CellStyle(foreground: .blue),
        selectedLink: CellStyle(foreground: .yellow, bold: true),
        validTarget: CellStyle(foreground: .green, bold: true),
        invalidTarget: CellStyle(foreground: .white, dim: true),
        currentTarget: CellStyle(foreground: .black, background: .green, bold: true, reverse: false),
        editing: CellStyle(foreground: .black, background: .cyan, underline: true),
        status: CellStyle(foreground: .black, background: .white),
        statusMode: CellStyle(foreground: .white, background: .blue, bold: true),
        statusError: CellStyle(foreground: .white, background: .red, bold: true),
        panel: CellStyle(foreground: .white, background: .black),
        panelTitle: CellStyle(foreground: .yellow, background: .black, bold: true),
        panelChoice: CellStyle(foreground: .black, background: .cyan, bold: true),
        showsColors: true)

    /// Attributes only.
    public static let monochrome = Styles(
        border: .plain,
        selectedBorder: CellStyle(bold: true),
        title: CellStyle(bold: true),
        selectedTitle: CellStyle(bold: true, reverse: true),
        deleteMarker: .plain,
        text: .plain,
        secondary: CellStyle(dim: true),
        error: CellStyle(bold: true, underline: true),
        link: .plain,
        selectedLink: CellStyle(bold: true),
        validTarget: CellStyle(bold: true),
        invalidTarget: CellStyle(dim: true),
        currentTarget: CellStyle(bold: true, reverse: true),
        editing: CellStyle(underline: true),
        status: CellStyle(reverse: true),
        statusMode: CellStyle(bold: true, reverse: true),
        statusError: CellStyle(bold: true, reverse: true, underline: true),
        panel: .plain,
        panelTitle: CellStyle(bold: true),
        panelChoice: CellStyle(reverse: true),
        showsColors: false)
}
