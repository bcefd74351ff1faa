import Instrumentation
import Lifetrace
import Synchronization
import Tracing
import W3CTraceContext

/// A span of ``LifetraceTracer``: an interval of the `span` hook named by its operation, whose
/// subject's identity is the span id, so its begin and end pair like any interval's.
///
/// Its begin record carries the fields `trace_id` (32 hex digits), `span_id` (16), `parent_span_id`
/// (absent on a root span), `kind` and the attributes set so far; its end record carries the same,
/// the final `attributes`, `status` (`{"code":"ok"}` or `{"code":"error","message":…}`), `errors`
/// (the errors recorded) and `links`. Each `addEvent` is an instant with the event's name as `text`.
/// A span may end on another thread or task than the one it began on; ending it again does nothing.
/// Its records are timed when they are emitted (by the sink's clock, or LTTng's): the `at:` instants
/// of `startSpan` and `end` are not used. The end record goes to the sink current where the span
/// ends (a task-scoped sink of the task that began it does not follow it to another task).
public final class LifetraceSpan: Tracing.Span {
    private struct State {
        var operationName: String
        var attributes: SpanAttributes = LifetraceSpan.noAttributes
        var status: SpanStatus?
        var errors: [Field.Value] = []
        var links: [Field.Value] = []
        var interval: IntervalState = .inactive
        /// The ids as text, made once when a sink takes the begin record, for the end's too.
        var ids: SpanFields.IDs?
        var ended = false
        /// Recorded straight into the process-wide `SpanRecordTracer` (LTTng alone).
        var direct = false
    }

    /// The span's context: the parent's, with this span's W3C trace context.
    public let context: InstrumentationContext
    /// The span's W3C trace context (its trace id, span id and flags).
    public var traceContext: TraceContext { shared.value }
    /// The span id of the parent, or `nil` for the root of a trace.
    public let parentSpanID: SpanID?
    /// The trace context, shared with ``context``.
    private let shared: SharedTraceContext
    /// The span's kind.
    public let kind: SpanKind
    private let probe: Probe
    private let state: Mutex<State>

    /// The parent's span id as a number (0: a root span).
    private var parentNumber: UInt64 { parentSpanID.map(SpanIdentifiers.number) ?? 0 }

    init(
        operationName: String, kind: SpanKind, context: InstrumentationContext, traceContext: SharedTraceContext,
        parent: SharedTraceContext?
    ) {
        self.context = context
        self.shared = traceContext
        let parentSpanID = parent?.value.spanID
        self.parentSpanID = parentSpanID
        self.kind = kind
        let probe = Probe(name: operationName, id: UInt(traceContext.spanNumber))
        self.probe = probe
        // With no sink taking spans, nothing is built: no id text, no field. With the LTTng sink
        // alone, the begin goes straight into its tracepoint.
        var direct = false
        var ids: SpanFields.IDs?
        var interval = IntervalState.inactive
        if let recorder = LifetraceSystem.spanRecorder {
            if recorder.wants(.begin) {
                DirectSpanRecords.begin(recorder, name: operationName, traceContext, parent: parent?.spanNumber ?? 0, kind: kind)
                direct = true
            } else {
                direct = recorder.wants(.end)
            }
        } else if LifetraceSystem.wantsInterval(.span) {
            let spanIDs = SpanFields.IDs(traceContext.value, parent: parentSpanID)
            ids = spanIDs
            interval = probe.beginInterval(
                .span, SpanFields.details(spanIDs, kind: kind, attributes: [:], links: [], status: nil, errors: nil))
        }
        self.state = Mutex(State(operationName: operationName, interval: interval, ids: ids, direct: direct))
    }

    /// The operation's name (the subject of the span's records; a new name shows in the end record).
    public var operationName: String {
        get { state.withLock { $0.operationName } }
        set { state.withLock { $0.operationName = newValue } }
    }

    /// The span's attributes, written with its end record.
    ///
    /// `span.attributes["key"] = value` changes them in place: they are moved out of the span, changed,
    /// and moved back, not copied for each change. Changes made from several threads at once are all
    /// kept (each is merged back over the others'); a read racing with a change may miss the
    /// attributes being changed.
    public var attributes: SpanAttributes {
        get { state.withLock { $0.attributes } }
        set { state.withLock { $0.attributes = newValue } }
        _modify {
            var attributes = state.withLock { state in
                var taken = Self.noAttributes
                swap(&taken, &state.attributes)
                return taken
            }
            // Room for a few before the first: no growth (and rehashing) for each of them.
            // (A dictionary made here, specialised: SpanAttributes.reserveCapacity is an
            // unspecialised generic call into the standard library; ObservabilityCost's span
            // thresholds guard the path.)
            if attributes.isEmpty { attributes = SpanAttributes([String: SpanAttribute](minimumCapacity: 4)) }
            defer {
                state.withLock { state in
                    if state.attributes.isEmpty {
                        swap(&attributes, &state.attributes)
                    } else if attributes.count >= state.attributes.count {
                        // Changed meanwhile by another thread: the larger takes in the smaller
                        // (this change's value wins a name both set).
                        swap(&attributes, &state.attributes)
                        attributes.forEach { name, value in
                            if state.attributes.get(name) == nil { state.attributes.set(name, value: value) }
                        }
                    } else {
                        state.attributes.merge(attributes)
                    }
                }
            }
            yield &attributes
        }
    }

    /// An empty value made once (`SpanAttributes()` is a call into its module each time).
    private static let noAttributes = SpanAttributes()

    /// Whether the span still records (it has not ended).
    public var isRecording: Bool { state.withLock { !$0.ended } }

    /// Sets the status written with the end record.
    public func setStatus(_ status: SpanStatus) {
        state.withLock { $0.status = status }
    }

    /// Emits an instant of the `span` hook: the event's name as `text`, its attributes as a field.
    public func addEvent(_ event: SpanEvent) {
        guard isRecording else { return }
        guard LifetraceSystem.wantsInstant(.span) else { return }
        let ids = state.withLock { $0.ids } ?? SpanFields.IDs(shared.value, parent: parentSpanID)
        probe.emitEvent(.span, Details(text: event.name, fields: SpanFields.eventFields(ids, event.attributes)))
    }

    /// Records an error, written in the end record's `errors`.
    public func recordError<Instant: TracerInstant>(
        _ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant
    ) {
        let entry = SpanFields.error(error, attributes: attributes)
        state.withLock { if !$0.ended { $0.errors.append(entry) } }
    }

    /// Adds a link, written in the end record's `links`.
    public func addLink(_ link: SpanLink) {
        let entry = SpanFields.link(link)
        state.withLock { if !$0.ended { $0.links.append(entry) } }
    }

    /// Ends the span: emits its end record (once).
    public func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        // The state is moved out, not copied (a copy retains each of its parts); the span keeps
        // its name and attributes for reading after the end.
        guard
            let ending = state.withLock({ state -> State? in
                guard !state.ended else { return nil }
                var ended = State(operationName: state.operationName, attributes: state.attributes, ended: true)
                swap(&ended, &state)
                return ended
            })
        else { return }
        if ending.direct {
            // The end goes where the begin went, if that sink is still the one and still wants it.
            guard let recorder = LifetraceSystem.spanRecorder, recorder.wants(.end) else { return }
            return DirectSpanRecords.end(
                recorder, name: ending.operationName, shared, parent: parentNumber, kind: kind,
                attributes: ending.attributes, status: ending.status, errors: ending.errors, links: ending.links)
        }
        // A begin no sink took has no end to record.
        guard ending.interval.isActive, let ids = ending.ids else { return }
        var details = SpanFields.details(
            ids, kind: kind, attributes: ending.attributes, links: ending.links, status: ending.status, errors: ending.errors)
        if ending.operationName != probe.subject.name { details.fields?.append(Field("name", .string(ending.operationName))) }
        probe.endInterval(ending.interval, details: details)
    }
}
