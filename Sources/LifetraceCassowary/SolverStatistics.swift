/// The size of a solver's tableau and the work it has done.
public struct SolverStatistics: Sendable, Equatable {
    /// The constraints the solver holds (edit variables' constraints included).
    public var constraints: Int
    /// The variables the solver has seen.
    public var variables: Int
    /// The rows of the tableau (one per basic symbol) and the definitions kept beside it (one
    /// per variable a required equality defines): one per constraint.
    public var rows: Int
    /// The pivots since the solver was made or reset (take differences to measure one change).
    public var pivots: Int
    /// The rows written since the solver was made or reset: installed, rewritten by a
    /// substitution, or shifted by an edit or a constant change (the work a change cost).
    public var rowsChanged: Int
    /// The symbols alive (variables, and the slacks, errors and markers of the constraints held):
    /// those of removed constraints are reused, so this follows what the solver holds, not what
    /// it ever held.
    public var symbols: Int

    public init(
        constraints: Int = 0, variables: Int = 0, rows: Int = 0, pivots: Int = 0, rowsChanged: Int = 0, symbols: Int = 0
    ) {
        self.constraints = constraints
        self.variables = variables
        self.rows = rows
        self.pivots = pivots
        self.rowsChanged = rowsChanged
        self.symbols = symbols
    }
}
