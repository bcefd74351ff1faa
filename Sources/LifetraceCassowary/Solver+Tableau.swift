/// The tableau's operations: symbols, rows and columns, substitution and pivots.
extension Solver {
    // MARK: Symbols

    func newSymbol(_ kind: SymbolKind) -> Int32 {
        if let reused = freeSymbols.popLast() {
            kinds[Int(reused)] = kind
            return reused
        }
        let id = Int32(kinds.count)
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        objective.appendSymbol()
        inHeap.append(false)
        stamps.append(0)
        owners.append(nil)
        definitions.appendSymbol()
        references.append(0)
        return id
    }

    /// Gives the slot of a symbol that died with its constraint back for reuse, so a solver whose
    /// constraints come and go (hide and show, cells reused) keeps bounded arrays. Only a symbol
    /// nothing holds: no row (as basic symbol or term), no objective coefficient, no definition;
    /// never a variable's. Column entries elsewhere that name it are checked on use, as always.
    func recycle(_ symbol: Int32) {
        guard symbol >= 0 else { return }
        let index = Int(symbol)
        guard kinds[index] != .external, rows[index] == nil, references[index] == 0, !definitions.isDefined(symbol),
            !isHeld(symbol)
        else { return }
        columns[index] = []
        owners[index] = nil
        freeSymbols.append(symbol)
    }

    /// The external symbol of a variable, made when first seen.
    func symbol(for variable: Variable) -> Int32 {
        if variable.owner === self { return variable.ownerSymbol }
        let id = ObjectIdentifier(variable)
        if let known = variables[id] { return known.symbol }
        let symbol = newSymbol(.external)
        variables[id] = (variable, symbol)
        if variable.owner == nil {
            variable.owner = self
            variable.ownerSymbol = symbol
        }
        return symbol
    }

    /// Whether a row or the objective holds `symbol`.
    func isHeld(_ symbol: Int32) -> Bool {
        if !objective.isZero(symbol) { return true }
        return columns[Int(symbol)].contains { rows[Int($0)].map { $0.coefficient(of: symbol) != 0 } ?? false }
    }

    /// Whether a symbol must stay ≥ 0 (slacks, errors, dummies; not the user's variables).
    @inline(__always)
    func isRestricted(_ symbol: Int32) -> Bool { kinds[Int(symbol)] != .external }

    // MARK: Rows

    /// Makes `row` the row of basic symbol `symbol`, and notes it in the columns of its symbols.
    func install(_ row: Row, for symbol: Int32) {
        rows[Int(symbol)] = row
        row.basic = symbol
        rowCount += 1
        rowsChangedCount += 1
        for held in row.symbols { columns[Int(held)].append(symbol) }
    }

    /// Takes `symbol`'s row out of the tableau (the columns' entries go stale and are dropped on use).
    func uninstall(_ row: Row, for symbol: Int32) {
        rows[Int(symbol)] = nil
        row.basic = -1
        rowCount -= 1
    }

    /// `target += factor · source`, merging the sorted symbols; symbols new to an installed
    /// target are noted in their columns. The merge buffers are swapped in, so once warm a sum
    /// allocates nothing.
    func add(_ source: Row, times factor: Double, into target: Row) {
        target.constant += factor * source.constant
        scratchSymbols.removeAll(keepingCapacity: true)
        scratchCoefficients.removeAll(keepingCapacity: true)
        let basic = target.basic
        let targetSymbols = target.symbols
        let targetCoefficients = target.coefficients
        let sourceSymbols = source.symbols
        let sourceCoefficients = source.coefficients
        var i = 0
        var j = 0
        while i < targetSymbols.count || j < sourceSymbols.count {
            let t = i < targetSymbols.count ? targetSymbols[i] : Int32.max
            let s = j < sourceSymbols.count ? sourceSymbols[j] : Int32.max
            if t < s {
                scratchSymbols.append(t)
                scratchCoefficients.append(targetCoefficients[i])
                i += 1
            } else if s < t {
                let value = factor * sourceCoefficients[j]
                if !nearZero(value) {
                    scratchSymbols.append(s)
                    scratchCoefficients.append(value)
                    if basic >= 0 { columns[Int(s)].append(basic) }
                }
                j += 1
            } else {
                let value = targetCoefficients[i] + factor * sourceCoefficients[j]
                if !nearZero(value) {
                    scratchSymbols.append(t)
                    scratchCoefficients.append(value)
                }
                i += 1
                j += 1
            }
        }
        swap(&target.symbols, &scratchSymbols)
        swap(&target.coefficients, &scratchCoefficients)
    }

    /// Calls `body` with each installed row holding `symbol` and its coefficient there, once
    /// each, dropping stale and repeated entries of the column. `body` may change constants, not
    /// the rows' symbols.
    func forEachRow(holding symbol: Int32, _ body: (Int32, Row, Double) -> Void) {
        stamp &+= 1
        var list: [Int32] = []
        swap(&list, &columns[Int(symbol)])
        var kept = 0
        for index in list.indices {
            let basic = list[index]
            guard stamps[Int(basic)] != stamp, let row = rows[Int(basic)] else { continue }
            stamps[Int(basic)] = stamp
            let coefficient = row.coefficient(of: symbol)
            guard coefficient != 0 else { continue }
            list[kept] = basic
            kept += 1
            body(basic, row, coefficient)
        }
        list.removeLast(list.count - kept)
        swap(&list, &columns[Int(symbol)])
        columns[Int(symbol)].append(contentsOf: list)
    }

    /// Replaces `symbol` by `row` wherever it appears: the rows of its column, the objective and
    /// the artificial objective. Restricted rows that go negative are noted for the dual simplex.
    func substitute(_ symbol: Int32, _ row: Row) {
        stamp &+= 1
        var list: [Int32] = []
        swap(&list, &columns[Int(symbol)])
        for basic in list {
            guard stamps[Int(basic)] != stamp, let target = rows[Int(basic)] else { continue }
            stamps[Int(basic)] = stamp
            let coefficient = target.coefficient(of: symbol)
            guard coefficient != 0 else { continue }
            target.remove(symbol)
            add(row, times: coefficient, into: target)
            rowsChangedCount += 1
            if isRestricted(basic) && target.constant < 0 { infeasible.append(basic) }
        }
        // The symbol is basic now: it is in no row. Keep the buffer's capacity for later.
        list.removeAll(keepingCapacity: true)
        swap(&list, &columns[Int(symbol)])
        columns[Int(symbol)].append(contentsOf: list)

        // The symbol's coefficients move onto the row's symbols (none of which is the symbol
        // itself, which the row defines), all its levels in one merge per symbol.
        let weights = objective.detach(symbol)
        if weights >= 0 {
            for (held, coefficient) in zip(row.symbols, row.coefficients) {
                objective.add(weights, times: coefficient, to: held)
                noteIfEntering(held)
            }
            objective.release(list: weights)
        }
        if let artificial {
            let coefficient = artificial.coefficient(of: symbol)
            if coefficient != 0 {
                artificial.remove(symbol)
                add(row, times: coefficient, into: artificial)
            }
        }
    }

    /// Adds to a symbol's objective coefficient at a level, noting the symbol when its reduced
    /// cost turns negative.
    func addToObjective(_ symbol: Int32, level: Double, _ value: Double) {
        objective.add(value, to: symbol, at: level)
        noteIfEntering(symbol)
    }

    /// Notes a symbol whose reduced cost is negative as a candidate to enter.
    @inline(__always)
    func noteIfEntering(_ symbol: Int32) {
        if !inHeap[Int(symbol)], objective.isNegative(symbol) {
            inHeap[Int(symbol)] = true
            entering.push(symbol)
        }
    }

    /// `leaving` leaves the basis and `entering` enters, through `leaving`'s row.
    func pivot(leaving: Int32, entering: Int32) {
        let row = rows[Int(leaving)]!
        uninstall(row, for: leaving)
        row.solve(for: leaving, replacing: entering)
        substitute(entering, row)
        install(row, for: entering)
        pivotCount += 1
    }

    // MARK: Ambiguity

    /// Whether a parametric symbol could move without changing the objective or leaving the
    /// feasible region (a degenerate restricted row blocks the direction that would make it negative).
    func canMoveFreely(_ symbol: Int32) -> Bool {
        let kind = kinds[Int(symbol)]
        guard kind != .dummy, rows[Int(symbol)] == nil, objective.isZero(symbol) else { return false }
        var blocksIncrease = false
        var blocksDecrease = false
        forEachRow(holding: symbol) { basic, row, coefficient in
            guard isRestricted(basic), nearZero(row.constant) else { return }
            if coefficient < 0 { blocksIncrease = true } else { blocksDecrease = true }
        }
        return kind == .external ? !(blocksIncrease && blocksDecrease) : !blocksIncrease
    }
}
