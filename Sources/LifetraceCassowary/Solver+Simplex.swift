/// Adding and removing rows, and the primal and dual simplex.
extension Solver {
    // MARK: Adding a constraint

    /// The constraint's row, in terms of parametric symbols, with its slack, error or dummy
    /// symbols; errors enter the objective at the constraint's weight. The constant is made ≥ 0.
    func makeRow(_ constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        let row = Row(constant: expression.constant)
        var expands = false
        for term in expression.terms {
            let symbol = symbol(for: term.variable)  // made first: it may add to the definitions' table
            if definitions.isDefined(symbol) { expands = true }
        }
        if expands {
            // It names a defined variable: the row holds its expansion.
            beginExpansion()
            for term in expression.terms { accumulate(symbol(for: term.variable), term.coefficient, into: row) }
            endExpansion(into: row)
        } else {
            for term in expression.terms {
                let symbol = symbol(for: term.variable)
                if let basic = rows[Int(symbol)] {
                    add(basic, times: term.coefficient, into: row)
                } else {
                    row.add(symbol, term.coefficient)
                }
            }
        }
        var tag = Tag(marker: -1)
        let weight = constraint.strength.weight
        let level = constraint.strength.level
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            tag.marker = newSymbol(.slack)
            row.add(tag.marker, sign)
            if !constraint.strength.isRequired {
                tag.other = newSymbol(.error)
                row.add(tag.other, -sign)
                addToObjective(tag.other, level: level, weight)
            }
        case .equal:
            if constraint.strength.isRequired {
                tag.marker = newSymbol(.dummy)
                row.add(tag.marker, 1)
            } else {
                tag.marker = newSymbol(.error)
                tag.other = newSymbol(.error)
                row.add(tag.marker, -1)
                row.add(tag.other, 1)
                addToObjective(tag.marker, level: level, weight)
                addToObjective(tag.other, level: level, weight)
            }
        }
        if row.constant < 0 { row.multiply(by: -1) }
        return (row, tag)
    }

    /// The symbol to solve a new row for: a variable of the user's if it holds one; else its
    /// slack or error marker when that keeps the row feasible (a negative coefficient).
    func chooseSubject(_ row: Row, _ tag: Tag) -> Int32? {
        if let external = row.symbols.first(where: { !isRestricted($0) }) { return external }
        for candidate in [tag.marker, tag.other] where candidate >= 0 {
            let kind = kinds[Int(candidate)]
            if kind == .slack || kind == .error, row.coefficient(of: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Adds a row that has no subject through an artificial variable: the row enters as the
    /// artificial symbol's, the artificial objective (its value) is minimised, and the
    /// constraint holds if it reaches 0. Returns `nil` then; otherwise the required constraints
    /// whose markers bound the minimum (they and the new one cannot all hold), and the tableau
    /// is as before (the artificial row dropped; the caller re-optimises).
    func addWithArtificialVariable(_ row: Row) -> [Constraint]? {
        let art = newSymbol(.slack)
        install(row, for: art)
        let objectiveRow = Row(copying: row)
        artificial = objectiveRow
        optimize(artificial: objectiveRow)
        artificial = nil
        guard nearZero(objectiveRow.constant) else {
            // Still positive: art is basic, and only its row holds the new constraint's symbols.
            if let artRow = rows[Int(art)] { uninstall(artRow, for: art) }
            objective.clear(art)
            defer { recycle(art) }
            return objectiveRow.symbols.compactMap { owners[Int($0)] }.filter { $0.strength.isRequired }
        }
        if let artRow = rows[Int(art)] {
            uninstall(artRow, for: art)
            if !artRow.symbols.isEmpty {
                guard let entering = artRow.symbols.first(where: { kinds[Int($0)] == .slack || kinds[Int($0)] == .error })
                else { return [] }
                artRow.solve(for: art, replacing: entering)
                substitute(entering, artRow)
                install(artRow, for: entering)
            }
        }
        forEachRow(holding: art) { _, held, _ in held.remove(art) }
        columns[Int(art)] = []
        objective.clear(art)
        recycle(art)
        return nil
    }

    /// Forgets the symbols of a constraint that was not added.
    func forget(_ tag: Tag) {
        for symbol in [tag.marker, tag.other] where symbol >= 0 {
            objective.clear(symbol)
            owners[Int(symbol)] = nil
            recycle(symbol)
        }
    }

    // MARK: Removing a constraint

    /// Takes an error symbol's weight out of the objective.
    func removeEffects(of marker: Int32, strength: Strength) {
        guard kinds[Int(marker)] == .error else { return }
        let weight = strength.weight
        let level = strength.level
        if let row = rows[Int(marker)] {
            for (held, coefficient) in zip(row.symbols, row.coefficients) {
                addToObjective(held, level: level, -weight * coefficient)
            }
        } else {
            addToObjective(marker, level: level, -weight)
        }
    }

    /// The row to pivot a parametric marker into, to remove its constraint: the row of a basic
    /// dummy if one holds it (a required equality made redundant by this one: the pivot makes it
    /// bind again, and its constant is 0, so feasibility holds); else a restricted row where it
    /// has a negative coefficient (smallest ratio), else a restricted row (smallest ratio), else a
    /// row of a variable of the user's. Ties go to the lowest symbol.
    func leavingRow(forMarker marker: Int32) -> Int32? {
        var dummy: Int32 = -1
        var first: Int32 = -1
        var second: Int32 = -1
        var third: Int32 = -1
        var firstRatio = Double.infinity
        var secondRatio = Double.infinity
        forEachRow(holding: marker) { basic, row, coefficient in
            if kinds[Int(basic)] == .dummy {
                if dummy < 0 || basic < dummy { dummy = basic }
            } else if !isRestricted(basic) {
                if third < 0 || basic < third { third = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && basic < first) {
                    firstRatio = ratio
                    first = basic
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && basic < second) {
                    secondRatio = ratio
                    second = basic
                }
            }
        }
        if dummy >= 0 { return dummy }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    // MARK: Simplex

    /// The primal simplex on the objective (or on the artificial objective): while a parametric
    /// symbol's coefficient is negative, it enters (the lowest such symbol) and the restricted row
    /// that bounds it first leaves.
    func optimize(artificial objectiveRow: Row? = nil) {
        while true {
            let enteringSymbol: Int32?
            if let objectiveRow {
                enteringSymbol =
                    zip(objectiveRow.symbols, objectiveRow.coefficients).first {
                        $0.1 < -1.0e-8 && kinds[Int($0.0)] != .dummy
                    }?.0
            } else {
                enteringSymbol = nextEntering()
            }
            guard let symbol = enteringSymbol else { return }
            guard let leaving = leavingRow(forEntering: symbol) else {
                // No restricted row bounds it: the objective would be unbounded, which weighted
                // errors (all ≥ 0) rule out, so its coefficient is rounding left by large weights
                // (about -1e-8 at weights of 1e8). Drop it and go on with the real candidates.
                if objectiveRow == nil {
                    objective.clearLeading(symbol)
                    continue
                }
                return
            }
            pivot(leaving: leaving, entering: symbol)
        }
    }

    /// The lowest parametric symbol whose objective coefficient is negative.
    func nextEntering() -> Int32? {
        while let top = entering.min {
            if objective.isNegative(top), kinds[Int(top)] != .dummy, rows[Int(top)] == nil { return top }
            entering.popMin()
            inHeap[Int(top)] = false
        }
        return nil
    }

    /// The restricted row where `symbol` has a negative coefficient and the smallest ratio.
    func leavingRow(forEntering symbol: Int32) -> Int32? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        forEachRow(holding: symbol) { basic, row, coefficient in
            guard isRestricted(basic), coefficient < 0 else { return }
            let ratio = -row.constant / coefficient
            if ratio < bestRatio || (ratio == bestRatio && basic < best) {
                bestRatio = ratio
                best = basic
            }
        }
        return best >= 0 ? best : nil
    }

    /// The dual simplex on the rows made infeasible: each leaves for the symbol with the
    /// smallest ratio of objective coefficient to its (positive) coefficient in the row. Returns
    /// `false` when a row has none (the required constraints cannot hold).
    @discardableResult
    func dualOptimize() -> Bool {
        while let leaving = infeasible.popLast() {
            guard let row = rows[Int(leaving)], row.constant < 0, !nearZero(row.constant) else { continue }
            var best: Int32 = -1
            var bestCoefficient = 0.0
            for (symbol, coefficient) in zip(row.symbols, row.coefficients)
            where coefficient > 0 && kinds[Int(symbol)] != .dummy {
                if best < 0 || objective.ratio(symbol, coefficient, isLessThan: best, bestCoefficient) {
                    best = symbol
                    bestCoefficient = coefficient
                }
            }
            guard best >= 0 else {
                infeasible.removeAll(keepingCapacity: true)
                return false
            }
            pivot(leaving: leaving, entering: best)
        }
        return true
    }

    // MARK: Constants and edits

    /// The coefficients a constraint's marker and other error had when its row was made.
    func markerSign(_ tag: Tag, _ relation: Relation, _ strength: Strength) -> (marker: Double, other: Double) {
        switch relation {
        case .lessThanOrEqual: (1, -1)
        case .greaterThanOrEqual: (-1, 1)
        case .equal: strength.isRequired ? (1, 0) : (-1, 1)
        }
    }

    /// Moves a constraint's constant by `delta`: as if its marker (coefficient `a` in its row)
    /// moved by `delta / a`. A basic marker (or other error) absorbs it in its own row; otherwise
    /// each row holding the marker shifts in proportion. Rows made infeasible are noted. Returns
    /// `false` when a basic dummy (a required equality made redundant by others) no longer reads
    /// 0: the required equalities then contradict each other, whichever way the constant moved.
    @discardableResult
    func shift(_ tag: Tag, by delta: Double, markerCoefficient a: Double, otherCoefficient b: Double) -> Bool {
        rowsChangedCount += 1
        if let row = rows[Int(tag.marker)] {
            row.constant -= delta / a
            if kinds[Int(tag.marker)] == .dummy { return nearZero(row.constant) }
            if isRestricted(tag.marker) && row.constant < 0 { infeasible.append(tag.marker) }
            return true
        }
        if tag.other >= 0, let row = rows[Int(tag.other)] {
            row.constant -= delta / b
            if row.constant < 0 { infeasible.append(tag.other) }
            return true
        }
        if tag.subject >= 0 { shiftDefinition(tag, by: delta / a) }
        var consistent = true
        forEachRow(holding: tag.marker) { basic, row, coefficient in
            rowsChangedCount += 1
            row.constant += coefficient * delta / a
            if kinds[Int(basic)] == .dummy {
                if !nearZero(row.constant) { consistent = false }
            } else if isRestricted(basic) && row.constant < 0 {
                infeasible.append(basic)
            }
        }
        return consistent
    }
}
