import Foundation
import NodeCanvas

extension FuzzTarget {
    /// Any bytes as a theme file: reading never crashes; a refused file names at least one
    /// problem, each one printable line with its place in the file; an accepted theme draws every
    /// glyph in one cell (the arrow and the unconnected mark in one to three).
    public static let themeFile = FuzzTarget(name: "theme") { input in
        let theme: Theme
        do throws(ThemeFileError) {
            theme = try ThemeFile.decode(Data(input), over: .unicode)
        } catch {
            if error.problems.isEmpty { return ["a refused file reported no problem"] }
            var problems = error.problems.map(\.description).filter { !isOneLine($0) }.map {
                "a problem is not one printable line: \($0.debugDescription)"
            }
            if error.problems.contains(where: { $0.location == nil }) {
                problems.append("a problem does not say where it is")
            }
            return problems
        }
        var problems: [String] = []
        for child in Mirror(reflecting: theme.glyphs).children {
            let name = child.label ?? "?"
            if let glyph = child.value as? Character, displayWidth(of: glyph) != 1 {
                problems.append("glyph \(name) \(String(glyph).debugDescription) is not one cell wide")
            }
            if let glyph = child.value as? String, !(1...3).contains(displayWidth(of: glyph)) {
                problems.append("glyph \(name) \(glyph.debugDescription) is not 1 to 3 cells wide")
            }
        }
        return problems
    }
}
