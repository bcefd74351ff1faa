/// The solver's objective: for each symbol, one coefficient per level of strength, the levels in
/// decreasing order (a lexicographic objective). A symbol's reduced cost is negative when its
/// first non-zero coefficient, in that order, is negative; one ratio is less than another when
/// it is at the first level where they differ.
///
/// Stored dense, symbol-major (`coefficients[symbol × levelCount + level]`), so a symbol's costs
/// are adjacent; with one level (kiwi's strengths, or a single UIKit priority) this is the dense
/// row of plain Cassowary. A new level is rare (the first constraint of a new priority) and
/// re-lays the array out once.
struct Objective {
    /// The levels held, highest first.
    private(set) var levels: [Double] = []
    /// Coefficients by symbol, then level; values within `nearZero` of 0 are stored as 0.
    private(set) var coefficients: [Double] = []
    /// How many symbols have coefficients.
    private(set) var symbolCount = 0

    var levelCount: Int { levels.count }

    /// Adds a symbol with zero coefficients.
    mutating func appendSymbol() {
        for _ in 0..<levels.count { coefficients.append(0) }
        symbolCount += 1
    }

    /// The index of a strength's level, added (and the coefficients re-laid out) if new.
    mutating func levelIndex(of strength: Strength) -> Int {
        let level = strength.level
        var index = 0
        while index < levels.count, levels[index] > level { index += 1 }
        if index < levels.count, levels[index] == level { return index }
        let oldCount = levels.count
        levels.insert(level, at: index)
        var laidOut = [Double](repeating: 0, count: symbolCount * levels.count)
        for symbol in 0..<symbolCount {
            for old in 0..<oldCount {
                laidOut[symbol * levels.count + (old < index ? old : old + 1)] = coefficients[symbol * oldCount + old]
            }
        }
        coefficients = laidOut
        return index
    }

    /// The coefficient of `symbol` at `level`.
    @inline(__always)
    subscript(symbol: Int32, level: Int) -> Double {
        get { coefficients[Int(symbol) * levels.count + level] }
        set { coefficients[Int(symbol) * levels.count + level] = nearZero(newValue) ? 0 : newValue }
    }

    /// Whether every coefficient of `symbol` is 0.
    func isZero(_ symbol: Int32) -> Bool {
        let base = Int(symbol) * levels.count
        for level in 0..<levels.count where coefficients[base + level] != 0 { return false }
        return true
    }

    /// Whether the symbol's reduced cost is negative: its first non-zero coefficient is.
    @inline(__always)
    func isNegative(_ symbol: Int32) -> Bool {
        let base = Int(symbol) * levels.count
        for level in 0..<levels.count {
            let value = coefficients[base + level]
            if value != 0 { return value < 0 }
        }
        return false
    }

    /// Sets every coefficient of `symbol` to 0.
    mutating func clear(_ symbol: Int32) {
        let base = Int(symbol) * levels.count
        for level in 0..<levels.count { coefficients[base + level] = 0 }
    }

    /// Sets the first non-zero coefficient of `symbol` to 0 (rounding noise, dropped).
    mutating func clearLeading(_ symbol: Int32) {
        let base = Int(symbol) * levels.count
        for level in 0..<levels.count where coefficients[base + level] != 0 {
            coefficients[base + level] = 0
            return
        }
    }

    /// Whether `cost(a) / ca` is lexicographically less than `cost(b) / cb` (`ca`, `cb` > 0): the
    /// dual simplex's ratio test.
    @inline(__always)
    func ratio(_ a: Int32, _ ca: Double, isLessThan b: Int32, _ cb: Double) -> Bool {
        let count = levels.count
        let baseA = Int(a) * count
        let baseB = Int(b) * count
        for level in 0..<count {
            let x = coefficients[baseA + level] / ca
            let y = coefficients[baseB + level] / cb
            if x != y, !nearZero(x - y) { return x < y }
        }
        return false
    }
}
