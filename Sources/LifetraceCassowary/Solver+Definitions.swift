/// Definitions: required equalities kept out of the tableau.
///
/// A required equality that holds a variable no other constraint, row or definition holds (a
/// *fresh* variable: a view's edge when its first constraint places it) can always be satisfied
/// by that variable alone, whatever the rest of the system does: it is Gaussian elimination of a
/// free variable. The solver keeps it beside the tableau as a *definition*,
/// `variable = constant + Σ coefficient · symbol − marker / a`, over the symbols it was written
/// with (variables of the tableau, other defined variables, its own dummy marker), never
/// substituted. The variable's value is computed when values are read, in the order the
/// definitions were made.
///
/// Why: in solved form the row of the i-th view of a chain (each view placed relative to the
/// previous one) holds a marker for every constraint above it, so a chain costs O(n²) to build
/// and a constant change at its top touches every row below. Definitions keep a chain's
/// constraints O(1) each, so WWDC 2018's three hierarchy shapes all grow linearly.
///
/// Invariants:
/// - no tableau row, objective or artificial row holds a defined symbol: a row made from a
///   constraint that names one holds its *expansion* (its definition, recursively, with each
///   basic symbol substituted), markers included, exactly what solved form would hold;
/// - a definition names only symbols defined earlier (lower position) or not defined, and a
///   symbol named by a definition never becomes defined (it is not fresh), so the order the
///   definitions were made in is a topological order;
/// - a definition's marker is a dummy that never becomes basic, so a constant change moves the
///   definition's constant and the rows holding the marker (expansions), nothing else.
///
/// Removing a definition whose marker no row holds drops it (its variable becomes free, 0, as a
/// parametric variable is); otherwise the definition first becomes its variable's tableau row
/// (its expansion, which is what solved form would hold), and is removed as any other constraint.
extension Solver {
    // MARK: Choosing

    /// The variable and coefficient to define a new required equality by: its first fresh
    /// variable, if it has one.
    func definitionSubject(of constraint: Constraint) -> (variable: Variable, coefficient: Double)? {
        guard constraint.relation == .equal, constraint.strength.isRequired else { return nil }
        for term in constraint.expression.terms {
            guard let symbol = knownSymbol(of: term.variable) else { return (term.variable, term.coefficient) }
            if isFresh(symbol) { return (term.variable, term.coefficient) }
        }
        return nil
    }

    /// Whether nothing holds the symbol: no row (as its basic symbol or a term), no definition
    /// (as its variable or a term), no objective.
    func isFresh(_ symbol: Int32) -> Bool {
        let index = Int(symbol)
        guard kinds[index] == .external, !definitions.isDefined(symbol), references[index] == 0, rows[index] == nil
        else { return false }
        return !isHeld(symbol)
    }

    // MARK: Defining

    /// Keeps `constraint` (`a · subject + rest + c == 0`, required) as the definition of
    /// `subject`: `subject = −(c + rest + marker) / a`.
    func define(_ subject: Variable, coefficient a: Double, by constraint: Constraint, marker: Int32) -> Int32 {
        let defined = symbol(for: subject)
        var terms: [(symbol: Int32, coefficient: Double)] = []
        terms.reserveCapacity(constraint.expression.terms.count - 1)
        for term in constraint.expression.terms where term.variable !== subject {
            let held = symbol(for: term.variable)
            terms.append((held, -term.coefficient / a))
            references[Int(held)] += 1
        }
        definitions.define(
            defined, constant: -constraint.expression.constant / a, terms: terms, marker: marker, markerCoefficient: -1 / a)
        rowCount += 1
        rowsChangedCount += 1
        return defined
    }

    /// Forgets `symbol`'s definition (the symbol is then free, or about to get a row).
    func dropDefinition(of symbol: Int32) {
        let position = Int(definitions.positions[Int(symbol)])
        guard position >= 0 else { return }
        for t in definitions.terms(at: position) { references[Int(definitions.termSymbols[t])] -= 1 }
        definitions.drop(symbol)
        rowCount -= 1
    }

    /// Turns `symbol`'s definition into its tableau row: its expansion (no tableau row holds the
    /// symbol, so nothing is substituted).
    func materialize(_ symbol: Int32) {
        let row = expansion(of: symbol)
        dropDefinition(of: symbol)
        install(row, for: symbol)
    }

    /// Moves the constant of the definition a constraint's tag names as its marker moving by
    /// `delta` would.
    func shiftDefinition(_ tag: Tag, by delta: Double) {
        let position = Int(definitions.positions[Int(tag.subject)])
        guard position >= 0 else { return }
        definitions.constants[position] += definitions.markerCoefficients[position] * delta
    }

    // MARK: Expanding

    /// Starts a sum of symbols' expansions (``accumulate(_:_:into:)``, then ``endExpansion(into:)``).
    func beginExpansion() {
        if accumulator.count < kinds.count {
            accumulator.append(contentsOf: repeatElement(0, count: kinds.count - accumulator.count))
            accumulated.append(contentsOf: repeatElement(false, count: kinds.count - accumulated.count))
        }
    }

    /// Adds `coefficient · symbol` to the sum, in terms of parametric symbols: a basic symbol
    /// adds its row; a defined one is expanded, each definition once, latest first (the heap of
    /// positions), so a DAG of definitions costs its size, not its number of paths.
    func accumulate(_ symbol: Int32, _ coefficient: Double, into row: Row) {
        let index = Int(symbol)
        let position = definitions.positions[index]
        if position >= 0 {
            if !accumulated[index] {
                accumulated[index] = true
                expanding.push(-position)
            }
            accumulator[index] += coefficient
        } else if let basic = rows[index] {
            row.constant += coefficient * basic.constant
            for (held, value) in zip(basic.symbols, basic.coefficients) { accumulateParametric(held, coefficient * value) }
        } else {
            accumulateParametric(symbol, coefficient)
        }
    }

    @inline(__always)
    private func accumulateParametric(_ symbol: Int32, _ coefficient: Double) {
        let index = Int(symbol)
        if !accumulated[index] {
            accumulated[index] = true
            touched.append(symbol)
        }
        accumulator[index] += coefficient
    }

    /// Expands the pending definitions and writes the sum into `row`, which holds no symbol yet
    /// (sorted, no zero terms).
    func endExpansion(into row: Row) {
        while let top = expanding.min {
            expanding.popMin()
            let position = Int(-top)
            let symbol = definitions.subjects[position]
            let index = Int(symbol)
            let coefficient = accumulator[index]
            accumulator[index] = 0
            accumulated[index] = false
            guard coefficient != 0 else { continue }
            row.constant += coefficient * definitions.constants[position]
            accumulateParametric(definitions.markers[position], coefficient * definitions.markerCoefficients[position])
            for t in definitions.terms(at: position) {
                accumulate(definitions.termSymbols[t], coefficient * definitions.termCoefficients[t], into: row)
            }
        }
        touched.sort()
        for symbol in touched {
            let index = Int(symbol)
            let value = accumulator[index]
            accumulator[index] = 0
            accumulated[index] = false
            if !nearZero(value) {
                row.symbols.append(symbol)
                row.coefficients.append(value)
            }
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// The expansion of one symbol.
    func expansion(of symbol: Int32) -> Row {
        let row = Row()
        beginExpansion()
        accumulate(symbol, 1, into: row)
        endExpansion(into: row)
        return row
    }

    // MARK: Values

    /// Computes every defined variable's value, in the order the definitions were made.
    func evaluateDefinitions() {
        definitionsStale = false
        guard definitions.entryCount > 0 else { return }
        if definitionValues.count < kinds.count {
            definitionValues.append(contentsOf: repeatElement(0, count: kinds.count - definitionValues.count))
        }
        definitions.evaluate(into: &definitionValues, rows: rows)
    }

    /// A symbol's value once the definitions are evaluated: a defined symbol's computed value, a
    /// basic symbol's row constant, 0 for a parametric one.
    @inline(__always)
    func currentValue(of symbol: Int32) -> Double {
        let index = Int(symbol)
        if definitions.positions[index] >= 0 { return definitionValues[index] }
        return rows[index]?.constant ?? 0
    }
}
