extension FixedWidthInteger {
    /// `self + other`, or the type's maximum when that overflows: sums of durations and counts
    /// read from a trace (a live source's counters are not checked and may jump) stop at the
    /// largest value instead of trapping.
    package func addingSaturating(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
