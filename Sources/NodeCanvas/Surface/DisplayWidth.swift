/// The number of terminal columns a grapheme takes: 0, 1 or 2.
///
/// The rules follow `wcwidth` as ncurses uses it, so a ``Surface`` and the terminal agree on
/// where every character lands:
/// - printable ASCII and most scripts take 1;
/// - East Asian wide and fullwidth characters (CJK, Hangul syllables, kana, fullwidth forms) and
///   emoji with emoji presentation take 2; so does a flag (a pair of regional indicators);
/// - control characters, combining and enclosing marks, format characters (zero-width space,
///   joiners) and Hangul medial vowels and final consonants take 0.
///
/// A flag counts 2, as terminals draw it, though `wcwidth` gives its first half 1: the ncurses
/// backend shows flags as a stand-in.
///
/// Only the first scalar decides: combining marks and joiners that follow it add nothing, and an
/// emoji presentation selector (U+FE0F) does not widen a text-style symbol such as `❤`.
/// - Parameter character: The grapheme to measure.
/// - Returns: 0, 1 or 2.
public func displayWidth(of character: Character) -> Int {
    // The first scalar decides (`Character.asciiValue` would compare with "\r\n" first, which
    // is slow; the first scalar of "\r\n" is a control, width 0, all the same).
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    if isRegionalIndicator(first), let second = scalars.next(), isRegionalIndicator(second) {
        return 2
    }
    return displayWidth(of: first)
}

/// The number of terminal columns a string takes: the sum of its graphemes' widths.
/// - Parameter string: The text to measure.
/// - Returns: The column count; control characters count 0.
/// - Complexity: O(*n*), where *n* is the length of the string.
public func displayWidth(of string: some StringProtocol) -> Int {
    var total = 0
    for character in string {
        total += displayWidth(of: character)
    }
    return total
}

/// The number of terminal columns one Unicode scalar takes on its own: 0, 1 or 2.
/// - Parameter scalar: The scalar to measure.
/// - Returns: 0 for controls and zero-width scalars, 2 for wide ones, otherwise 1.
/// - Complexity: O(1) for ASCII, Latin, box drawing, arrows, CJK and Hangul; otherwise Unicode
///   property lookups and a binary search over a few dozen ranges.
public func displayWidth(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    // Fast paths for what a canvas draws most, before the slower Unicode property lookups.
    switch value {
    case 0..<0x20, 0x7F..<0xA0: return 0  // C0 controls, DEL, C1 controls
    case 0x20..<0x7F, 0xA0..<0x0300: return 1  // ASCII, Latin-1, Latin Extended, IPA
    case 0x0300..<0x0370: return 0  // combining diacritical marks
    case 0x2190...0x21FF, 0x2500...0x25FC: return 1  // arrows, box drawing, blocks, geometric shapes
    case 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2  // CJK ideographs, Hangul syllables
    default: break
    }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
        return 0  // Hangul medial vowels and final consonants join the syllable before them.
    }
    if isRegionalIndicator(scalar) { return 1 }  // alone; a pair (a flag) is a wide Character
    switch scalar.properties.generalCategory {
    case .format:
        return isPrependedConcatenationMark(value) ? 1 : 0
    case .nonspacingMark, .enclosingMark, .control, .lineSeparator, .paragraphSeparator:
        return 0
    default:
        break
    }
    if scalar.properties.isEmojiPresentation || isInWideRange(value) { return 2 }
    return 1
}

private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}

/// Format characters that are drawn (Arabic number signs and the like).
private func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
    (0x0600...0x0605).contains(value) || value == 0x06DD || value == 0x070F || value == 0x0890
        || value == 0x0891 || value == 0x08E2 || value == 0x110BD || value == 0x110CD
}

/// East Asian Wide and Fullwidth blocks that are not emoji, sorted by start.
private let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo leading consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK compatibility
    0x3400...0x4DFF,  // CJK extension A, Yijing hexagrams
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x16FF0...0x16FF1,
    0x17000...0x18D08,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F
    0x30000...0x3FFFD,  // CJK extensions G–H
]

private func isInWideRange(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count
    while low < high {
        let middle = (low + high) / 2
        let range = wideRanges[middle]
        if value < range.lowerBound {
            high = middle
        } else if value > range.upperBound {
            low = middle + 1
        } else {
            return true
        }
    }
    return false
}
