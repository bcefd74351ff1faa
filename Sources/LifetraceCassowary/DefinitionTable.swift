/// The definitions a solver keeps beside its tableau (`Solver+Definitions.swift`), flat: one entry
/// per definition in the order they were made (a topological order: a definition names only
/// symbols defined before it, or not defined), their terms in one array, so that computing every
/// defined value is one pass over contiguous memory, with no reference counting.
///
/// Entry `k` reads `subjects[k] = constants[k] + Σ termCoefficients[t] · termSymbols[t] +
/// markerCoefficients[k] · markers[k]` for `t` in ``terms(at:)``. A dropped entry keeps its place
/// (subject -1) until the table is compacted.
struct DefinitionTable {
    /// By position: the defined symbol (-1: dropped).
    private(set) var subjects: [Int32] = []
    /// By position: the constant (a constant change moves it).
    var constants: [Double] = []
    /// By position: the constraint's dummy marker and its coefficient.
    private(set) var markers: [Int32] = []
    private(set) var markerCoefficients: [Double] = []
    /// By position: where its terms start in `termSymbols` (they end where the next entry's start).
    private(set) var termStarts: [Int32] = []
    private(set) var termSymbols: [Int32] = []
    private(set) var termCoefficients: [Double] = []
    /// By symbol id: its definition's position, -1 when it is not defined.
    private(set) var positions: [Int32] = []
    /// Entries dropped since the last compaction.
    private var dropped = 0

    /// Notes a new symbol (not defined).
    mutating func appendSymbol() {
        positions.append(-1)
    }

    @inline(__always)
    func isDefined(_ symbol: Int32) -> Bool { positions[Int(symbol)] >= 0 }

    /// The entries' count, dropped ones included (positions run below it).
    var entryCount: Int { subjects.count }

    /// Where entry `position`'s terms are in `termSymbols` and `termCoefficients`.
    @inline(__always)
    func terms(at position: Int) -> Range<Int> {
        let end = position + 1 < termStarts.count ? Int(termStarts[position + 1]) : termSymbols.count
        return Int(termStarts[position])..<end
    }

    /// Defines `subject` as `constant + Σ terms + markerCoefficient · marker`.
    mutating func define(
        _ subject: Int32, constant: Double, terms: some Sequence<(symbol: Int32, coefficient: Double)>,
        marker: Int32, markerCoefficient: Double
    ) {
        positions[Int(subject)] = Int32(subjects.count)
        subjects.append(subject)
        constants.append(constant)
        markers.append(marker)
        markerCoefficients.append(markerCoefficient)
        termStarts.append(Int32(termSymbols.count))
        for term in terms {
            termSymbols.append(term.symbol)
            termCoefficients.append(term.coefficient)
        }
    }

    /// Drops `subject`'s definition; returns its position (-1 when it had none).
    @discardableResult
    mutating func drop(_ subject: Int32) -> Int {
        let position = Int(positions[Int(subject)])
        guard position >= 0 else { return -1 }
        positions[Int(subject)] = -1
        subjects[position] = -1
        dropped += 1
        if dropped > 64, dropped * 2 > subjects.count { compact() }
        return position
    }

    /// Removes dropped entries and their terms, keeping the others' order.
    private mutating func compact() {
        var kept = 0
        var keptTerms = 0
        for position in subjects.indices {
            let subject = subjects[position]
            guard subject >= 0 else { continue }
            let range = terms(at: position)
            let start = keptTerms
            for t in range {
                termSymbols[keptTerms] = termSymbols[t]
                termCoefficients[keptTerms] = termCoefficients[t]
                keptTerms += 1
            }
            subjects[kept] = subject
            constants[kept] = constants[position]
            markers[kept] = markers[position]
            markerCoefficients[kept] = markerCoefficients[position]
            termStarts[kept] = Int32(start)
            positions[Int(subject)] = Int32(kept)
            kept += 1
        }
        subjects.removeLast(subjects.count - kept)
        markers.removeLast(markers.count - kept)
        termStarts.removeLast(termStarts.count - kept)
        constants.removeLast(constants.count - kept)
        markerCoefficients.removeLast(markerCoefficients.count - kept)
        termSymbols.removeLast(termSymbols.count - keptTerms)
        termCoefficients.removeLast(termCoefficients.count - keptTerms)
        dropped = 0
    }

    /// Computes every defined symbol's value into `values` (by symbol id), in order; a symbol not
    /// defined reads its row's constant in `rows` (0 when parametric). Markers are 0.
    func evaluate(into values: inout [Double], rows: [Row?]) {
        positions.withUnsafeBufferPointer { positions in
            termSymbols.withUnsafeBufferPointer { symbols in
                termCoefficients.withUnsafeBufferPointer { coefficients in
                    rows.withUnsafeBufferPointer { rows in
                        values.withUnsafeMutableBufferPointer { values in
                            var t = 0
                            for position in subjects.indices {
                                let end = position + 1 < termStarts.count ? Int(termStarts[position + 1]) : symbols.count
                                let subject = subjects[position]
                                guard subject >= 0 else {
                                    t = end
                                    continue
                                }
                                var value = constants[position]
                                while t < end {
                                    let held = Int(symbols[t])
                                    value += coefficients[t] * (positions[held] >= 0 ? values[held] : rows[held]?.constant ?? 0)
                                    t += 1
                                }
                                values[Int(subject)] = value
                            }
                        }
                    }
                }
            }
        }
    }
}
