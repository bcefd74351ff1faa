/// What a symbol of the tableau stands for (the paper's terms).
enum SymbolKind: UInt8 {
    /// A variable of the user's: unrestricted in sign.
    case external
    /// The slack of an inequality (≥ 0), or the artificial variable of an addition.
    case slack
    /// The error of a non-required constraint (≥ 0), weighted in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy
}

/// Values this close to zero are zero (Cassowary implementations use the same tolerance).
@inline(__always)
func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }

/// One row of the tableau, `constant + Σ coefficient · symbol`, with its symbols in increasing
/// order (so lookups are binary searches and sums are merges, linear in the rows' lengths).
/// Stored for a basic symbol it reads `basic = constant + Σ …`.
final class Row {
    var constant: Double
    /// Symbol ids, increasing.
    var symbols: [Int32] = []
    /// Their coefficients, never near zero.
    var coefficients: [Double] = []
    /// The basic symbol the row defines, or -1 for a row not in the tableau (an objective, a new row).
    var basic: Int32 = -1

    init(constant: Double = 0) {
        self.constant = constant
    }

    init(copying other: Row) {
        constant = other.constant
        symbols = other.symbols
        coefficients = other.coefficients
    }

    /// Where `symbol` is, or where it would go (`found` false).
    @inline(__always)
    func position(of symbol: Int32) -> (index: Int, found: Bool) {
        var low = 0
        var high = symbols.count
        while low < high {
            let middle = (low + high) >> 1
            let value = symbols[middle]
            if value == symbol { return (middle, true) }
            if value < symbol { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// The coefficient of `symbol` (0 when absent).
    @inline(__always)
    func coefficient(of symbol: Int32) -> Double {
        let (index, found) = position(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// Adds `value` to the coefficient of `symbol`, dropping it when the sum is near zero.
    /// Returns whether the symbol was not in the row before and is now.
    @discardableResult
    func add(_ symbol: Int32, _ value: Double) -> Bool {
        let (index, found) = position(of: symbol)
        if found {
            let sum = coefficients[index] + value
            if nearZero(sum) {
                symbols.remove(at: index)
                coefficients.remove(at: index)
            } else {
                coefficients[index] = sum
            }
            return false
        }
        guard !nearZero(value) else { return false }
        symbols.insert(symbol, at: index)
        coefficients.insert(value, at: index)
        return true
    }

    /// Takes `symbol` out of the row.
    func remove(_ symbol: Int32) {
        let (index, found) = position(of: symbol)
        guard found else { return }
        symbols.remove(at: index)
        coefficients.remove(at: index)
    }

    /// Multiplies the constant and every coefficient.
    func multiply(by factor: Double) {
        constant *= factor
        for index in coefficients.indices { coefficients[index] *= factor }
    }

    /// From `0 = row`, the row of `symbol`: `symbol = −(row − c·symbol) / c`.
    func solve(for symbol: Int32) {
        let (index, found) = position(of: symbol)
        precondition(found, "solving a row for a symbol it does not hold")
        let factor = -1.0 / coefficients[index]
        symbols.remove(at: index)
        coefficients.remove(at: index)
        multiply(by: factor)
    }

    /// From `lhs = row` (which holds `rhs`), the row of `rhs`.
    func solve(for lhs: Int32, replacing rhs: Int32) {
        add(lhs, -1)
        solve(for: rhs)
    }
}
