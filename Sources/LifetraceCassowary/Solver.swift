/// An incremental Cassowary solver (Badros, Borning & Stuckey, "The Cassowary Linear Arithmetic
/// Constraint Solving Algorithm", ACM TOCHI 2001): linear equalities and inequalities, required or
/// weighted, edit variables, all added and removed one at a time on a tableau kept optimal.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.add(Constraint(left, .equal, 8))
/// try solver.add(Constraint(left + width, .lessThanOrEqual, 375 - 8))
/// try solver.add(Constraint(width, .equal, 500, strength: .strong))
/// solver.updateVariables()            // width.value == 359
/// ```
///
/// The tableau is in solved form: each basic symbol's row gives it in terms of parametric
/// symbols (which are 0). Every row is kept sparse and sorted; a column index says which rows hold
/// each symbol, so substituting a symbol touches only those rows, not the whole tableau; the
/// objective is sparse by level, with a heap of the symbols whose reduced cost is negative. Adding a
/// constraint runs the primal simplex on the objective (Bland's rule: the lowest symbol enters, the
/// lowest row leaves among ties); an edit (``suggestValue(_:for:)``) or a constant change
/// (``updateConstant(of:to:)``) shifts row constants along its marker's column and runs the dual
/// simplex on the rows it made infeasible. Nothing is ever solved from scratch. A required
/// equality that places a variable nothing else holds yet (a view's edge when its first
/// constraint places it) is kept beside the tableau as that variable's definition, not
/// substituted into it, so chains of views cost O(1) per constraint (`Solver+Definitions.swift`).
///
/// A solver is not `Sendable`: use it from one isolation domain (the runtime keeps one per window,
/// on the main actor).
public final class Solver {
    /// A constraint's symbols: `marker` identifies its row (a slack, an error or a dummy), `other`
    /// is the second error of a non-required equality or the error of a non-required inequality;
    /// `subject` is the variable a definition defines (-1: the constraint is in the tableau).
    struct Tag {
        var marker: Int32
        var other: Int32 = -1
        var subject: Int32 = -1
    }

    struct EditInfo {
        var constraint: Constraint
        var tag: Tag
        var constant: Double
    }

    // MARK: Symbols and the tableau

    /// The kind of each symbol, by id.
    var kinds: [SymbolKind] = []
    /// Slots of dead symbols, reused by the next new ones (`recycle`).
    var freeSymbols: [Int32] = []
    /// The row of each basic symbol, by id (`nil`: parametric).
    var rows: [Row?] = []
    /// For each symbol, basic symbols whose rows held it when last looked (checked on use).
    var columns: [[Int32]] = []
    /// The objective: each symbol's coefficients by level (`Objective.swift`).
    var objective = Objective()
    /// Symbols whose objective coefficient went negative (a min-heap; entries checked on use).
    var entering = MinHeap()
    var inHeap: [Bool] = []
    /// A stamp per basic symbol for visiting each row once per walk of a column.
    var stamps: [UInt32] = []
    var stamp: UInt32 = 0
    /// Rows whose restricted basic symbol went negative, for the dual simplex.
    var infeasible: [Int32] = []
    /// The artificial objective while an addition needs one.
    var artificial: Row?
    /// Merge buffers, reused so that sums of rows allocate nothing once warm.
    var scratchSymbols: [Int32] = []
    var scratchCoefficients: [Double] = []
    /// The constraint whose marker (or other error) each symbol is, for explanations.
    var owners: [Constraint?] = []
    var rowCount = 0
    var pivotCount = 0

    // MARK: Definitions (Solver+Definitions.swift)

    /// The definitions, in the order they were made.
    var definitions = DefinitionTable()
    /// How many definitions hold each symbol.
    var references: [Int32] = []
    /// Defined symbols' values, computed when values are read; stale after any change.
    var definitionValues: [Double] = []
    var definitionsStale = false
    /// An expansion's sum, dense by symbol, the symbols it touched, and the definitions still
    /// to expand (negated positions: latest first).
    var accumulator: [Double] = []
    var accumulated: [Bool] = []
    var touched: [Int32] = []
    var expanding = MinHeap()
    var rowsChangedCount = 0

    // MARK: Bookkeeping

    var variables: [ObjectIdentifier: (variable: Variable, symbol: Int32)] = [:]
    /// The constraints in the tableau or defining a variable (active bounds among them).
    var constraints: [ObjectIdentifier: (constraint: Constraint, tag: Tag)] = [:]

    // MARK: Bounds (Solver+Bounds.swift)

    /// Each variable side's active bound and waiting ones.
    var boundSides: [BoundKey: BoundSide] = [:]
    /// The bounds in the tableau, and those waiting beside it.
    var activeBounds: [ObjectIdentifier: Bound] = [:]
    var waitingBounds: [ObjectIdentifier: Bound] = [:]
    var edits: [ObjectIdentifier: EditInfo] = [:]

    /// Creates an empty solver.
    public init() {}

    // MARK: Constraints

    /// Adds a constraint; the tableau stays optimal.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)``, ``SolverError/nonFinite(_:)``, or
    ///   ``SolverError/unsatisfiable(_:conflicting:)`` for a required constraint that cannot hold
    ///   (the solver then holds what it held before, with the same values).
    public func add(_ constraint: Constraint) throws(SolverError) {
        guard !contains(constraint) else { throw .duplicateConstraint(constraint) }
        guard constraint.expression.isFinite, constraint.strength.weight.isFinite else {
            throw .nonFinite("a coefficient or the constant of \(constraint)")
        }
        if let bound = bound(of: constraint) {
            try addBound(constraint, bound)
        } else {
            try addToTableau(constraint)
        }
    }

    /// Adds a constraint to the tableau (or as a definition).
    func addToTableau(_ constraint: Constraint) throws(SolverError) {
        let id = ObjectIdentifier(constraint)
        definitionsStale = true
        if let (subject, coefficient) = definitionSubject(of: constraint) {
            let marker = newSymbol(.dummy)
            let defined = define(subject, coefficient: coefficient, by: constraint, marker: marker)
            constraints[id] = (constraint, Tag(marker: marker, subject: defined))
            owners[Int(marker)] = constraint
            return
        }
        let (row, tag) = makeRow(constraint)
        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            substitute(subject, row)
            install(row, for: subject)
        } else if row.symbols.allSatisfy({ kinds[Int($0)] == .dummy }) {
            // Only markers of required equalities: the constraint is redundant if its constant
            // is zero, and contradicts them otherwise.
            guard nearZero(row.constant) else {
                let conflicting = row.symbols.compactMap { owners[Int($0)] }.filter { $0.strength.isRequired }
                forget(tag)
                throw .unsatisfiable(constraint, conflicting: conflicting)
            }
            row.solve(for: tag.marker)
            substitute(tag.marker, row)
            install(row, for: tag.marker)
        } else {
            let conflicting = addWithArtificialVariable(row)
            if let conflicting {
                forget(tag)
                optimize()
                throw .unsatisfiable(constraint, conflicting: conflicting.filter { $0 !== constraint })
            }
        }
        constraints[id] = (constraint, tag)
        owners[Int(tag.marker)] = constraint
        if tag.other >= 0 { owners[Int(tag.other)] = constraint }
        optimize()
        dualOptimize()
    }

    /// Removes a constraint; the tableau stays optimal.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard contains(constraint) else { throw .unknownConstraint(constraint) }
        if !removeBound(constraint) { removeFromTableau(constraint) }
    }

    /// Removes a constraint the tableau (or a definition) holds.
    func removeFromTableau(_ constraint: Constraint) {
        guard let (_, tag) = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        definitionsStale = true
        if tag.subject >= 0 {
            guard isHeld(tag.marker) else {
                dropDefinition(of: tag.subject)
                owners[Int(tag.marker)] = nil
                recycle(tag.marker)
                return
            }
            // Expansions hold its marker: the definition becomes its variable's row first.
            materialize(tag.subject)
        }
        removeEffects(of: tag.marker, strength: constraint.strength)
        if tag.other >= 0 { removeEffects(of: tag.other, strength: constraint.strength) }
        if let row = rows[Int(tag.marker)] {
            uninstall(row, for: tag.marker)
        } else if let leaving = leavingRow(forMarker: tag.marker) {
            let row = rows[Int(leaving)]!
            uninstall(row, for: leaving)
            row.solve(for: leaving, replacing: tag.marker)
            substitute(tag.marker, row)
        } else {
            // The marker is in no row: the constraint left no trace beyond its own symbols.
        }
        owners[Int(tag.marker)] = nil
        if tag.other >= 0 { owners[Int(tag.other)] = nil }
        optimize()
        dualOptimize()
        recycle(tag.marker)
        recycle(tag.other)
    }

    /// Whether the solver holds the constraint.
    public func contains(_ constraint: Constraint) -> Bool {
        let id = ObjectIdentifier(constraint)
        return constraints[id] != nil || waitingBounds[id] != nil
    }

    /// Changes the constant of a constraint the solver holds (its expression's `constant`), in
    /// place: the difference moves along the constraint's marker as an edit does, and the dual
    /// simplex restores optimality. No row is rebuilt.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``, ``SolverError/nonFinite(_:)``, or
    ///   ``SolverError/unsatisfiable(_:conflicting:)`` when a required constraint can no longer
    ///   hold (the constant is then left as it was).
    public func updateConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
        guard contains(constraint) else { throw .unknownConstraint(constraint) }
        guard constant.isFinite else { throw .nonFinite("the constant \(constant) of \(constraint)") }
        if try !updateBoundConstant(of: constraint, to: constant) {
            try updateTableauConstant(of: constraint, to: constant)
        }
    }

    /// Changes the constant of a constraint the tableau (or a definition) holds.
    func updateTableauConstant(of constraint: Constraint, to constant: Double) throws(SolverError) {
        guard let (_, tag) = constraints[ObjectIdentifier(constraint)] else { throw .unknownConstraint(constraint) }
        let delta = constant - constraint.expression.constant
        guard delta != 0 else { return }
        definitionsStale = true
        let sign = markerSign(tag, constraint.relation, constraint.strength)
        let consistent = shift(tag, by: delta, markerCoefficient: sign.marker, otherCoefficient: sign.other)
        if consistent, dualOptimize() {
            constraint.expression.constant = constant
            return
        }
        infeasible.removeAll(keepingCapacity: true)
        // A required constraint cannot hold at this constant: put the old one back.
        shift(tag, by: -delta, markerCoefficient: sign.marker, otherCoefficient: sign.other)
        dualOptimize()
        throw .unsatisfiable(constraint, conflicting: [])
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: a constraint `variable == value` at `strength`, whose
    /// value ``suggestValue(_:for:)`` changes.
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``, ``SolverError/requiredEditVariable(_:)``.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        let id = ObjectIdentifier(variable)
        guard edits[id] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditVariable(variable) }
        let constraint = Constraint(variable, .equal, 0.0, strength: strength)
        try add(constraint)
        edits[id] = EditInfo(constraint: constraint, tag: constraints[ObjectIdentifier(constraint)]!.tag, constant: 0)
    }

    /// Stops editing `variable` (its edit constraint goes).
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let info = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable)
        }
        try remove(info.constraint)
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value for an edit variable; the tableau is re-optimised by the dual simplex.
    /// Allocates nothing in steady state.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/nonFinite(_:)``.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        let id = ObjectIdentifier(variable)
        guard let index = edits.index(forKey: id) else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFinite("the suggested value \(value) of \(variable)") }
        let info = edits.values[index]
        let delta = value - info.constant
        guard delta != 0 else { return }
        edits.values[index].constant = value
        definitionsStale = true
        // The edit constraint is `variable − value == 0`: its constant moves by −delta.
        shift(info.tag, by: -delta, markerCoefficient: -1, otherCoefficient: 1)
        info.constraint.expression.constant = -value
        dualOptimize()
    }

    // MARK: Results

    /// Writes every variable's value (``Variable/value``).
    public func updateVariables() {
        if definitionsStale { evaluateDefinitions() }
        for (variable, symbol) in variables.values {
            variable.value = currentValue(of: symbol)
        }
    }

    /// The value of one variable now (0 for a variable the solver has not seen).
    public func value(of variable: Variable) -> Double {
        guard let symbol = knownSymbol(of: variable) else { return 0 }
        if definitionsStale, definitions.isDefined(symbol) { evaluateDefinitions() }
        return currentValue(of: symbol)
    }

    /// Whether the variable's value is not unique among the optimal solutions: it is parametric,
    /// or its row holds a parametric symbol, that could move (an unrestricted variable, or a slack
    /// or error with room to grow) without changing the objective. `true` for a variable the
    /// solver has not seen (no constraint holds it).
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = knownSymbol(of: variable) else { return true }
        if definitions.isDefined(symbol) { return expansion(of: symbol).symbols.contains { canMoveFreely($0) } }
        guard let row = rows[Int(symbol)] else { return canMoveFreely(symbol) }
        return row.symbols.contains { canMoveFreely($0) }
    }

    /// The variable's symbol, if the solver has seen it.
    func knownSymbol(of variable: Variable) -> Int32? {
        if variable.owner === self { return variable.ownerSymbol }
        return variables[ObjectIdentifier(variable)]?.symbol
    }

    /// Forgets every constraint, edit variable and variable.
    ///
    /// Every stored property goes back to its initial value, as a new solver has it (a test compares
    /// the two property by property, so a property added later fails it until it is reset here). The
    /// storage is reassigned field by field rather than held in one struct replaced at once: the
    /// tableau's operations take several fields `inout` together, which one stored struct would make
    /// overlapping accesses.
    public func reset() {
        for (variable, _) in variables.values where variable.owner === self { variable.owner = nil }
        kinds = []
        freeSymbols = []
        rows = []
        columns = []
        objective = Objective()
        entering = MinHeap()
        inHeap = []
        stamps = []
        stamp = 0
        infeasible = []
        artificial = nil
        scratchSymbols = []
        scratchCoefficients = []
        owners = []
        rowCount = 0
        pivotCount = 0
        rowsChangedCount = 0
        definitions = DefinitionTable()
        references = []
        definitionValues = []
        definitionsStale = false
        accumulator = []
        accumulated = []
        touched = []
        expanding = MinHeap()
        variables = [:]
        constraints = [:]
        boundSides = [:]
        activeBounds = [:]
        waitingBounds = [:]
        edits = [:]
    }

    /// The size of the tableau and the pivots so far.
    public var statistics: SolverStatistics {
        SolverStatistics(
            constraints: constraints.count + waitingBounds.count, variables: variables.count, rows: rowCount, pivots: pivotCount,
            rowsChanged: rowsChangedCount, symbols: kinds.count - freeSymbols.count)
    }
}
