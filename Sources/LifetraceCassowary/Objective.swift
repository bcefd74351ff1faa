/// The solver's objective: for each symbol, one coefficient per level of strength, the levels in
/// decreasing order (a lexicographic objective). A symbol's reduced cost is negative when its
/// first non-zero coefficient, in that order, is negative; one ratio is less than another when
/// it is at the first level where they differ.
///
/// Stored sparse: each symbol's non-zero coefficients are a list, highest level first, whose
/// entries live in one pool (parallel arrays, with a free list). A symbol holds coefficients at
/// the few levels its rows reach, whatever the number of levels in the solver, so every operation
/// costs the length of the lists it touches: a new level costs nothing (a UIKit layout with a
/// thousand distinct priorities is as cheap per constraint as one with three), and with one level
/// (kiwi's strengths) a list has one entry. Freed entries are reused, so a solver that changes
/// and re-solves the same system allocates nothing once the pool has grown.
///
/// Invariants: no entry holds 0 (a value within `nearZero` of 0 is removed); a list's levels are
/// distinct and strictly decreasing; an entry is in exactly one list or in the free list.
struct Objective {
    /// The first entry of each symbol's list, or -1.
    private var heads: [Int32] = []
    /// The pool: each entry's level, value and next entry (-1 at a list's end).
    private var entryLevel: [Double] = []
    private var entryValue: [Double] = []
    private var entryNext: [Int32] = []
    /// The first free entry, or -1.
    private var free: Int32 = -1

    /// Adds a symbol with zero coefficients.
    mutating func appendSymbol() { heads.append(-1) }

    /// Adds `value` to the coefficient of `symbol` at `level`; a sum within `nearZero` of 0 is
    /// removed.
    mutating func add(_ value: Double, to symbol: Int32, at level: Double) {
        var previous: Int32 = -1
        var entry = heads[Int(symbol)]
        accumulate(value, at: level, into: symbol, after: &previous, at: &entry)
    }

    /// Adds the coefficients of a detached list (``detach(_:)``), times `factor`, to those of
    /// `symbol`: one merge of the two lists, as long as both together.
    mutating func add(_ list: Int32, times factor: Double, to symbol: Int32) {
        var source = list
        var previous: Int32 = -1
        var entry = heads[Int(symbol)]
        while source >= 0 {
            let level = entryLevel[Int(source)]
            let value = entryValue[Int(source)] * factor
            source = entryNext[Int(source)]
            accumulate(value, at: level, into: symbol, after: &previous, at: &entry)
        }
    }

    /// Adds `value` at `level` to `symbol`'s list, walking on from a position in it (`entry`, and
    /// `previous`, the entry before it or -1 at the head) and leaving the position past `level`, so
    /// that levels added in decreasing order walk the list once. A sum within `nearZero` of 0 is
    /// removed; a zero `value` adds no entry.
    @inline(__always)
    private mutating func accumulate(
        _ value: Double, at level: Double, into symbol: Int32, after previous: inout Int32, at entry: inout Int32
    ) {
        while entry >= 0, entryLevel[Int(entry)] > level {
            previous = entry
            entry = entryNext[Int(entry)]
        }
        if entry >= 0, entryLevel[Int(entry)] == level {
            let sum = entryValue[Int(entry)] + value
            let next = entryNext[Int(entry)]
            if nearZero(sum) {
                unlink(entry, after: previous, of: symbol)
                release(entry)
            } else {
                entryValue[Int(entry)] = sum
                previous = entry
            }
            entry = next
        } else if !nearZero(value) {
            let new = allocate(level: level, value: value, next: entry)
            if previous >= 0 { entryNext[Int(previous)] = new } else { heads[Int(symbol)] = new }
            previous = new
        }
    }

    /// Whether every coefficient of `symbol` is 0.
    @inline(__always)
    func isZero(_ symbol: Int32) -> Bool { heads[Int(symbol)] < 0 }

    /// Whether the symbol's reduced cost is negative: its first non-zero coefficient is.
    @inline(__always)
    func isNegative(_ symbol: Int32) -> Bool {
        let head = heads[Int(symbol)]
        return head >= 0 && entryValue[Int(head)] < 0
    }

    /// Sets every coefficient of `symbol` to 0.
    mutating func clear(_ symbol: Int32) { release(list: detach(symbol)) }

    /// Sets the first non-zero coefficient of `symbol` to 0 (rounding noise, dropped).
    mutating func clearLeading(_ symbol: Int32) {
        let head = heads[Int(symbol)]
        guard head >= 0 else { return }
        heads[Int(symbol)] = entryNext[Int(head)]
        release(head)
    }

    /// Takes `symbol`'s list out (its coefficients are 0 afterwards) and returns its first entry,
    /// to be added elsewhere (``add(_:times:to:)``) and given back with ``release(list:)``.
    mutating func detach(_ symbol: Int32) -> Int32 {
        let head = heads[Int(symbol)]
        heads[Int(symbol)] = -1
        return head
    }

    /// Gives a detached list back to the pool.
    mutating func release(list: Int32) {
        var entry = list
        while entry >= 0 {
            let next = entryNext[Int(entry)]
            release(entry)
            entry = next
        }
    }

    private mutating func release(_ entry: Int32) {
        entryNext[Int(entry)] = free
        free = entry
    }

    /// Whether `cost(a) / ca` is lexicographically less than `cost(b) / cb` (`ca`, `cb` > 0): the
    /// dual simplex's ratio test, a merge of the two lists by level.
    func ratio(_ a: Int32, _ ca: Double, isLessThan b: Int32, _ cb: Double) -> Bool {
        var entryA = heads[Int(a)]
        var entryB = heads[Int(b)]
        while entryA >= 0 || entryB >= 0 {
            let levelA = entryA >= 0 ? entryLevel[Int(entryA)] : -.infinity
            let levelB = entryB >= 0 ? entryLevel[Int(entryB)] : -.infinity
            var x = 0.0
            var y = 0.0
            if levelA >= levelB {
                x = entryValue[Int(entryA)] / ca
                entryA = entryNext[Int(entryA)]
            }
            if levelB >= levelA {
                y = entryValue[Int(entryB)] / cb
                entryB = entryNext[Int(entryB)]
            }
            if x != y, !nearZero(x - y) { return x < y }
        }
        return false
    }

    private mutating func allocate(level: Double, value: Double, next: Int32) -> Int32 {
        if free >= 0 {
            let entry = free
            free = entryNext[Int(entry)]
            (entryLevel[Int(entry)], entryValue[Int(entry)], entryNext[Int(entry)]) = (level, value, next)
            return entry
        }
        entryLevel.append(level)
        entryValue.append(value)
        entryNext.append(next)
        return Int32(entryLevel.count - 1)
    }

    private mutating func unlink(_ entry: Int32, after previous: Int32, of symbol: Int32) {
        if previous >= 0 {
            entryNext[Int(previous)] = entryNext[Int(entry)]
        } else {
            heads[Int(symbol)] = entryNext[Int(entry)]
        }
    }
}
