#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The functions a formula may call.
public enum FormulaFunction: String, CaseIterable, Hashable, Sendable {
    case abs, sqrt, exp, ln, log10, sin, cos, tan, asin, acos, atan, floor, ceil, round
    case atan2, pow, min, max, clamp

    /// How many arguments the function takes: `nil` for one or more (`min`, `max`).
    public var arity: Int? {
        switch self {
        case .atan2, .pow: 2
        case .clamp: 3
        case .min, .max: nil
        default: 1
        }
    }

    /// The function applied to one argument, or why it has no value there.
    /// - Parameter x: The argument.
    /// - Returns: The result (not yet checked to be finite), or the failure.
    @inline(__always)
    func apply(_ x: Double) -> Result<Double, FormulaFailure> {
        switch self {
        case .abs: return .success(Swift.abs(x))
        case .sqrt: return x < 0 ? .failure(.outsideDomain(self)) : .success(x.squareRoot())
        case .exp: return .success(math_exp(x))
        case .ln: return x <= 0 ? .failure(.outsideDomain(self)) : .success(math_log(x))
        case .log10: return x <= 0 ? .failure(.outsideDomain(self)) : .success(math_log10(x))
        case .sin: return .success(math_sin(x))
        case .cos: return .success(math_cos(x))
        case .tan: return .success(math_tan(x))
        case .asin: return x < -1 || x > 1 ? .failure(.outsideDomain(self)) : .success(math_asin(x))
        case .acos: return x < -1 || x > 1 ? .failure(.outsideDomain(self)) : .success(math_acos(x))
        case .atan: return .success(math_atan(x))
        case .floor: return .success(x.rounded(.down))
        case .ceil: return .success(x.rounded(.up))
        case .round: return .success(x.rounded(.toNearestOrAwayFromZero))
        case .atan2, .pow, .min, .max, .clamp: preconditionFailure("\(rawValue) takes more than one argument")
        }
    }
}

/// `base ^ exponent`: a negative base with an exponent that is not a whole number is outside the
/// domain of `pow`.
@inline(__always)
func formulaPower(_ base: Double, _ exponent: Double) -> Result<Double, FormulaFailure> {
    if base < 0 && exponent.rounded(.towardZero) != exponent { return .failure(.outsideDomain(.pow)) }
    return .success(math_pow(base, exponent))
}

// The C library's functions under names the enum's cases do not shadow.
@inline(__always) private func math_exp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func math_log(_ x: Double) -> Double { log(x) }
@inline(__always) private func math_log10(_ x: Double) -> Double { log10(x) }
@inline(__always) private func math_sin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func math_cos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func math_tan(_ x: Double) -> Double { tan(x) }
@inline(__always) private func math_asin(_ x: Double) -> Double { asin(x) }
@inline(__always) private func math_acos(_ x: Double) -> Double { acos(x) }
@inline(__always) private func math_atan(_ x: Double) -> Double { atan(x) }
@inline(__always) func math_atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) private func math_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
