# The Hummingbird example's trace (`lifetrace convert` output, slurped) against the requests its
# client sent ($requests: the manifest, one object per request: req, path, route, caller, status,
# trace_id and parent_span_id of the traceparent it carried, or null). Prints one line per problem;
# nothing when every request is in the trace as sent. Used by tools/e2e/hummingbird.sh.
def spans(phase): map(select(.event == "span" and .phase == phase));
def logs: map(select(.event == "log"));
def count_is(n; what): if length == n then empty else "\(what): \(length), expected \(n)" end;

. as $events
| ($events | spans("begin")) as $begins
| ($events | spans("end")) as $ends
| ($events | logs) as $logs
| ($begins | map(select(.kind == "server"))) as $servers
| [
    # One server span per request, no more.
    ($servers | count_is($requests | length; "server spans in the trace")),
    # Every span that began ended, paired with its begin (a duration), whatever thread ended it.
    ($begins[] | .span_id as $id
        | ($ends | map(select(.span_id == $id))) as $closing
        | if ($closing | length) != 1 then "span \($id) (\(.controller)) began but has \($closing | length) end records"
          elif $closing[0].dur_ns == null then "span \($id) (\(.controller)): its end is not paired with its begin (no dur_ns)"
          else empty end),
    ($requests[] as $r
        | "req \($r.req) (\($r.path), caller \($r.caller))" as $name
        | ($logs | map(select(.text == "handling req=\($r.req)" or (.text | startswith("handling req=\($r.req):"))))) as $handling
        | if ($handling | length) != 1 then "\($name): \($handling | length) 'handling' log lines in the trace, expected 1"
          else
            $handling[0] as $log
            | ($begins | map(select(.span_id == $log.span_id))) as $found
            | if $log.span_id == null then "\($name): its log line carries no span id"
              elif ($found | length) != 1 then "\($name): its log line's span \($log.span_id) has \($found | length) begin records"
              else
                $found[0] as $span
                | (if $span.kind != "server" then "\($name): its log line is in a \($span.kind) span, not the request's server span" else empty end),
                  # TracingMiddleware renames the span by its route once the router has run.
                  ($ends | map(select(.span_id == $span.span_id and .controller == $r.route))
                    | count_is(1; "\($name): ends of its span named by its route \($r.route)")),
                  (if ($r.route == "/fail") != ($log.level == "warning") then "\($name): its log line's level is \($log.level)" else empty end),
                  # The middleware's request line, logged by the request's logger inside the span.
                  ($logs | map(select(.text == "Request" and .span_id == $span.span_id and .source == "Hummingbird"))
                    | count_is(1; "\($name): LogRequestsMiddleware's 'Request' lines in its span")),
                  # A traceparent's trace id and parent span adopted; without one, a trace of its own.
                  (if $r.trace_id != null and $span.trace_id != $r.trace_id then
                      "\($name): the span's trace id is \($span.trace_id), its traceparent's \($r.trace_id)" else empty end),
                  (if $span.parent_span_id != $r.parent_span_id then
                      "\($name): the span's parent is \($span.parent_span_id // "none"), expected \($r.parent_span_id // "none")" else empty end),
                  (if $r.caller == "none" and ($servers | map(select(.trace_id == $span.trace_id)) | length) != 1 then
                      "\($name): its trace \($span.trace_id) is not its own" else empty end),
                  # An injected traceparent: the client span that injected it is in the same trace.
                  (if $r.caller == "injected" then
                      ($begins | map(select(.kind == "client" and .span_id == $r.parent_span_id and .trace_id == $r.trace_id))
                        | count_is(1; "\($name): client spans that injected its traceparent"))
                   else empty end),
                  # The handler's nested spans: `load user` under the request's, `db.query` under
                  # that, in the same trace, each with its log line.
                  (if $r.route == "/users/{id}" then
                      ($begins | map(select(.controller == "load user" and .parent_span_id == $span.span_id))) as $load
                      | if ($load | length) != 1 then "\($name): \($load | length) 'load user' spans under the request's span, expected 1"
                        else
                          ($begins | map(select(.controller == "db.query" and .parent_span_id == $load[0].span_id))) as $query
                          | if ($query | length) != 1 then "\($name): \($query | length) 'db.query' spans under 'load user', expected 1"
                            else
                              (if $load[0].trace_id != $span.trace_id or $query[0].trace_id != $span.trace_id then
                                  "\($name): its nested spans are not in its trace \($span.trace_id)" else empty end),
                              ($logs | map(select(.text == "query users req=\($r.req)" and .span_id == $query[0].span_id))
                                | count_is(1; "\($name): 'query users' lines in its db.query span")),
                              ($logs | map(select(.text == "loaded user req=\($r.req)" and .span_id == $load[0].span_id))
                                | count_is(1; "\($name): 'loaded user' lines in its load user span"))
                            end
                        end
                   else empty end)
              end
          end)
  ]
| .[]
