extension FixedWidthInteger {
    /// `self + other`, or the type's maximum when that overflows: sums of durations and counts
    /// read from a trace stop at the largest value instead of trapping.
    func addingSaturating(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
