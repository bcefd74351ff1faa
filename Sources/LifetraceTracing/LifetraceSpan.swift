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
        /// Where the span's records go.
        var records = Records.none
        /// The status, errors and links set on it: `nil` until one is (most spans set none, and a
        /// state that carries fewer parts costs less to move and destroy at the end).
        var extras: Extras?
        var ended = false

        /// The extras, made when first changed (changed in place).
        var changedExtras: Extras {
            get { extras ?? Extras() }
            _modify {
                var changed = extras.take() ?? Extras()
                defer { extras = changed }
                yield &changed
            }
        }
    }

    /// Where a span's records go, decided at its begin.
    private enum Records {
        /// Nowhere: no sink took the begin, and none wanted the end.
        case none
        /// Straight into the process-wide `SpanRecordTracer` (LTTng alone).
        case direct
        /// Through the `span` hook's interval, with the ids as text (made once, for the end's too).
        case interval(IntervalState, SpanFields.IDs)
    }

    /// What a span's end record says beyond its name and attributes.
    private struct Extras {
        var status: SpanStatus?
        var errors: [Field.Value] = []
        var links: [Field.Value] = []
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
        var records = Records.none
        if let recorder = LifetraceSystem.spanRecorder {
            if recorder.wants(.begin) {
                DirectSpanRecords.begin(recorder, name: operationName, traceContext, parent: parent?.spanNumber ?? 0, kind: kind)
                records = .direct
            } else if recorder.wants(.end) {
                records = .direct
            }
        } else if LifetraceSystem.wantsInterval(.span) {
            let ids = SpanFields.IDs(traceContext.value, parent: parentSpanID)
            let interval = probe.beginInterval(
                .span, SpanFields.details(ids, kind: kind, attributes: [:], links: [], status: nil, errors: nil))
            // A begin no sink took has no end to record.
            if interval.isActive { records = .interval(interval, ids) }
        }
        self.state = Mutex(State(operationName: operationName, records: records))
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
        state.withLock { $0.changedExtras.status = status }
    }

    /// Emits an instant of the `span` hook: the event's name as `text`, its attributes as a field.
    public func addEvent(_ event: SpanEvent) {
        guard isRecording else { return }
        guard LifetraceSystem.wantsInstant(.span) else { return }
        let ids =
            state.withLock { state -> SpanFields.IDs? in
                guard case .interval(_, let ids) = state.records else { return nil }
                return ids
            } ?? SpanFields.IDs(shared.value, parent: parentSpanID)
        probe.emitEvent(.span, Details(text: event.name, fields: SpanFields.eventFields(ids, event.attributes)))
    }

    /// Records an error, written in the end record's `errors`.
    public func recordError<Instant: TracerInstant>(
        _ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant
    ) {
        let entry = SpanFields.error(error, attributes: attributes)
        state.withLock { if !$0.ended { $0.changedExtras.errors.append(entry) } }
    }

    /// Adds a link, written in the end record's `links`.
    public func addLink(_ link: SpanLink) {
        let entry = SpanFields.link(link)
        state.withLock { if !$0.ended { $0.changedExtras.links.append(entry) } }
    }

    /// Ends the span: emits its end record (once).
    public func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        // What the end needs is moved out, not copied (a copy retains each of its parts); the span
        // keeps its name and attributes for reading after the end.
        var records = Records.none
        var extras: Extras?
        guard
            let (name, attributes) = state.withLock({ state -> (String, SpanAttributes)? in
                guard !state.ended else { return nil }
                state.ended = true
                swap(&records, &state.records)
                swap(&extras, &state.extras)
                return (state.operationName, state.attributes)
            })
        else { return }
        switch records {
        case .none:
            // A begin no sink took has no end to record.
            return
        case .direct:
            // The end goes where the begin went, if that sink is still the one and still wants it.
            guard let recorder = LifetraceSystem.spanRecorder, recorder.wants(.end) else { return }
            DirectSpanRecords.end(
                recorder, name: name, shared, parent: parentNumber, kind: kind, attributes: attributes,
                status: extras?.status, errors: extras?.errors ?? [], links: extras?.links ?? [])
        case .interval(let interval, let ids):
            var details = SpanFields.details(
                ids, kind: kind, attributes: attributes, links: extras?.links ?? [], status: extras?.status,
                errors: extras?.errors ?? [])
            if name != probe.subject.name { details.fields?.append(Field("name", .string(name))) }
            probe.endInterval(interval, details: details)
        }
    }
}
