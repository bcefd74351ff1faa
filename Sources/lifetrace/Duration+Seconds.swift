extension Duration {
    /// The duration in seconds, as `sleep` and rates want it.
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
