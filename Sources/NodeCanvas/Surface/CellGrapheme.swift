import Synchronization

/// A cell's grapheme packed into eight bytes, so that a ``Cell`` is plain data: filling, copying
/// and comparing surfaces moves bytes, with no reference counting per cell.
///
/// Up to seven UTF-8 bytes are stored inline: every character of the built-in themes, and any
/// single Unicode scalar. A longer grapheme (a flag, an emoji sequence, stacked combining marks)
/// is kept once in a process-wide table, keyed by its exact bytes, and stored as its index there;
/// the table only grows, by the distinct long graphemes ever drawn.
///
/// Layout of ``bits``: bytes 0–6 hold the UTF-8 bytes (byte 0 first), byte 7 holds the byte count
/// (1–7) plus ``plainFlag``; an interned grapheme has ``internedFlag`` in byte 7 and its index in
/// the low 32 bits.
struct CellGrapheme: Sendable {
    /// The packed grapheme.
    let bits: UInt64

    private static let internedFlag: UInt64 = 0x80 << 56
    /// Set when the grapheme is one scalar that no other scalar or sequence is canonically
    /// equivalent to, so two different plain graphemes never compare equal as `Character`s.
    private static let plainFlag: UInt64 = 0x40 << 56

    private init(bits: UInt64) { self.bits = bits }

    /// A space.
    static let space = CellGrapheme(ascii: 0x20)

    /// Packs a printable ASCII character.
    init(ascii byte: UInt8) {
        bits = UInt64(byte) | (1 << 56) | Self.plainFlag
    }

    /// Packs any grapheme.
    init(_ character: Character) {
        var packed: UInt64 = 0
        var count: UInt64 = 0
        for byte in character.utf8 {
            if count == 7 {
                self = Self.interned(character)
                return
            }
            packed |= UInt64(byte) << (8 * count)
            count += 1
        }
        packed |= count << 56
        if Self.isPlain(packed, count: count) { packed |= Self.plainFlag }
        bits = packed
    }

    /// Whether two graphemes can be canonically equivalent although their bits differ: only when
    /// at least one of them is not plain.
    func mayEqual(_ other: CellGrapheme) -> Bool {
        (bits & other.bits & Self.plainFlag) == 0
    }

    /// The grapheme as a `Character`.
    var character: Character {
        if bits & Self.internedFlag != 0 {
            return Self.table.withLock { $0.graphemes[Int(UInt32(truncatingIfNeeded: bits))] }
        }
        let count = Int((bits >> 56) & 0x0F)
        if count == 1 { return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: bits))) }
        return withUnsafeBytes(of: bits.littleEndian) { bytes in
            Character(String(decoding: bytes.prefix(count), as: UTF8.self))
        }
    }

    /// The grapheme when it is a single Unicode scalar stored inline, read from the packed bytes
    /// without making a `Character`; `nil` for a longer grapheme.
    var singleScalar: Unicode.Scalar? {
        guard bits & Self.internedFlag == 0 else { return nil }
        let b0 = UInt32(truncatingIfNeeded: bits) & 0xFF
        let b1 = UInt32(truncatingIfNeeded: bits >> 8) & 0x3F
        let b2 = UInt32(truncatingIfNeeded: bits >> 16) & 0x3F
        let b3 = UInt32(truncatingIfNeeded: bits >> 24) & 0x3F
        switch (bits >> 56) & 0x0F {
        case 1: return Unicode.Scalar(b0)
        case 2 where b0 & 0xE0 == 0xC0: return Unicode.Scalar((b0 & 0x1F) << 6 | b1)
        case 3 where b0 & 0xF0 == 0xE0: return Unicode.Scalar((b0 & 0x0F) << 12 | b1 << 6 | b2)
        case 4 where b0 & 0xF8 == 0xF0: return Unicode.Scalar((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3)
        default: return nil
        }
    }

    /// One scalar with no canonical decomposition and none decomposing to it, from the ranges a
    /// canvas draws most: ASCII, U+00A0–U+00BF, `×`, `÷`, general punctuation U+2010–U+2027, the
    /// arrows U+2190–U+2199, `−`, and box drawing, blocks and geometric shapes U+2500–U+25FF.
    ///
    /// ASCII `K`, `;` and `` ` ``, and U+00B4 and U+00B7, are targets of singleton decompositions
    /// (U+212A, U+037E, U+1FEF, U+1FFD, U+0387): those sources are not plain, so comparing them
    /// with a plain grapheme still goes through `Character` equality.
    private static func isPlain(_ packed: UInt64, count: UInt64) -> Bool {
        let b0 = UInt32(truncatingIfNeeded: packed) & 0xFF
        let b1 = UInt32(truncatingIfNeeded: packed >> 8) & 0xFF
        let b2 = UInt32(truncatingIfNeeded: packed >> 16) & 0xFF
        switch count {
        case 1: return true
        case 2: return (b0 == 0xC2 && b1 >= 0xA0) || (b0 == 0xC3 && (b1 == 0x97 || b1 == 0xB7))
        case 3:
            guard b0 & 0xF0 == 0xE0 else { return false }
            let scalar = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
            switch scalar {
            case 0x2010...0x2027, 0x2190...0x2199, 0x2212, 0x2500...0x25FF: return true
            default: return false
            }
        default: return false
        }
    }

    private struct Table {
        var graphemes: [Character] = []
        var indexes: [[UInt8]: UInt32] = [:]
    }

    private static let table = Mutex(Table())

    private static func interned(_ character: Character) -> CellGrapheme {
        let bytes = Array(character.utf8)
        let index = table.withLock { table in
            if let known = table.indexes[bytes] { return known }
            let index = UInt32(table.graphemes.count)
            table.graphemes.append(character)
            table.indexes[bytes] = index
            return index
        }
        return CellGrapheme(bits: internedFlag | UInt64(index))
    }
}
