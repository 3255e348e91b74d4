import CNcurses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Chooses the locale ncurses draws with; without a UTF-8 locale box-drawing characters vanish.
enum TerminalLocale {
    /// Takes the locale from the environment (`setlocale(LC_ALL, "")`), and when the environment
    /// names none at all (no `LC_ALL`, `LC_CTYPE` or `LANG`), switches character handling to
    /// `fallback`.
    ///
    /// A locale the user chose is respected, `LANG=C` and `de_DE.ISO-8859-1` included: the screen
    /// then shows ASCII stand-ins for what it cannot encode.
    /// - Parameters:
    ///   - name: A locale to use instead of the environment's; `nil` reads the environment.
    ///   - fallback: A UTF-8 locale to use when none is configured, or `nil` to keep "C".
    /// - Returns: Whether the resulting character set is UTF-8.
    @MainActor static func configure(name: String? = nil, fallback: String?) -> Bool {
        setlocale(LC_ALL, name ?? "")
        if name == nil, !environmentNamesALocale(), let fallback {
            setlocale(LC_CTYPE, fallback)
        }
        return isUTF8()
    }

    /// Whether `LC_ALL`, `LC_CTYPE` or `LANG` is set to something.
    private static func environmentNamesALocale() -> Bool {
        ["LC_ALL", "LC_CTYPE", "LANG"].contains { variable in
            guard let value = getenv(variable) else { return false }
            return value.pointee != 0
        }
    }

    /// Whether the current locale's character set is UTF-8.
    /// - Returns: `true` for a UTF-8 codeset.
    static func isUTF8() -> Bool {
        guard let codeset = cncurses_codeset() else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
