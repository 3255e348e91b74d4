/// How a node's value is kept in its payload column, 8 bytes a node: a number as itself, and
/// anything else as a NaN whose bits say what it is.
///
/// Every number a graph holds is finite (a result that is not becomes an error value), so a
/// payload is a number exactly when it is finite. Arithmetic over payloads that meets anything
/// but numbers is not finite either, so the kernels compute straight on payloads and check only
/// their result: a result that is not finite sends the node to its kind, which gives the error
/// (or the overflow) its meaning.
enum StoredValue {
    /// A color: these bits with the packed color in the low 24.
    static let colorBits: UInt64 = 0x7FF9_0000_0000_0000
    /// An error or a custom value, kept in `NodeStore.boxed`.
    static let boxedBits: UInt64 = 0x7FFA_0000_0000_0000
    /// The payload of a boxed value.
    static let boxed = Double(bitPattern: boxedBits)

    /// The payload of a color.
    static func color(_ color: Color) -> Double { Double(bitPattern: colorBits | color.packed) }

    /// The color a payload holds, or `nil`.
    static func color(in payload: Double) -> Color? {
        let bits = payload.bitPattern
        return bits & ~0xFF_FFFF == colorBits ? Color(packed: bits & 0xFF_FFFF) : nil
    }

    /// Whether the value is boxed (kept in `NodeStore.boxed`).
    @inline(__always) static func isBoxed(_ payload: Double) -> Bool { payload.bitPattern == boxedBits }
}
