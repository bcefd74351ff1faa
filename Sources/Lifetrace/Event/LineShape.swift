/// How a hook's events read as one line of text, from the hook's shape in `tracepoints/hooks.def`:
/// the core formats and filters by shape, so it knows nothing of the runtimes that emit them.
enum LineShape {
    /// A controller, the hook's name, then its details: `<B: 0x6c16980> viewWillAppear animated`.
    case plain
    /// A section marker that frames the events after it, such as a scenario's step (shape `STEP`):
    /// `── step 3: pop`. Markers are not about a controller, so controller filters keep them.
    case marker
    /// A log record (shape `LOG`): `label level: message key=value …`.
    case record
    /// A hook whose records carry a view's frame (shape `FRAME`), read as `plain`, its frame after
    /// its details; its instants (`frameChange`), like the frames of its ends, belong with the ends:
    /// the text sink shows them only when it shows ends.
    case frame
}
