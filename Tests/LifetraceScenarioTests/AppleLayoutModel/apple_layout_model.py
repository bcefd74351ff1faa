#!/usr/bin/env python3
"""A model of Apple's documented Auto Layout semantics, for AppleLayoutOracleTests.swift.

It reads scenarios in the scenario language (Scenarios/README.md) and parses them itself (not with
the Swift parser), replays their layout steps and, after `launch` and after every later step,
computes the frame of every declared view (relative to its superview) that the semantics below
determine uniquely. kiwisolver is only the arithmetic underneath: every priority level is its own
linear program, solved in order.

Input, on stdin: one scenario per line, as a JSON string (its text, newlines escaped).

Output, on stdout: first a header {"kiwisolver": VERSION, "fitting": [ACROSS, ALONG]}, then one line
per scenario, in order, either
    {"steps": [{"step": K, "state": "ok", "frames": {"NAME": [x, y, width, height], ...}}, ...]}
with one entry per step from `launch` on (K: the step's 0-based position among the scenario's
steps; a value is null where the model leaves it free; hidden views and views no constraint places
are left out). A step whose required constraints cannot all hold has "state": "infeasible", no
frames, and ends the list (the runtime breaks a constraint of its choice there, so the steps after
it are not compared); a step the semantics leave open (e, below) has "state": "skipped". Or
{"error": MESSAGE} for a scenario the model cannot read (apple_layout_scenario.py reads the steps);
or {"crash": MESSAGE} when kiwi aborted the process or raised where it should not (the driver runs
the model in child processes, two at a time, and restarts past such a scenario).

The semantics (Apple's documentation, as docs/auto-layout.md cites it; where Apple says nothing, the
last sentences of e and g keep the model from deciding):
a. The root view of the window's root controller has the window's size at the origin, required:
   390x844 in portrait, 844x390 after `rotate landscape`.
b. A constraint `A.a REL m * B.b + c` relates A's and B's attributes in the coordinate space of their
   nearest common ancestor (a view is its own ancestor); leading is left, trailing is right.
c. Priorities are an order, not weights ("Higher priority constraints are satisfied before lower
   priority constraints"): the required constraints hold; then, level by level from the highest
   priority down, the sum of that level's errors (|lhs - rhs| of an equality, how far an inequality
   is violated) is minimized and that optimum is kept while the lower levels are solved.
d. An intrinsic content size gives, per axis, hugging (length <= intrinsic @250) and compression
   resistance (length >= intrinsic @750).
e. Hidden views outside a stack view take part in layout; a hidden arranged view collapses along the
   stack's axis (zero length, no spacing around it). Hidden views' frames are not reported. Where a
   collapsed view sits along the axis is not documented, so a step where an active constraint
   relates a position along that axis of the collapsed view (or of a view inside it) to a view
   outside it is not compared ("state": "skipped").
f. UIStackView: along the axis the first visible arranged view starts at the stack's leading edge,
   neighbours are `spacing` apart (fill, fillEqually; equalSpacing: at least `spacing`, all gaps
   equal), the last visible one ends at the stack's trailing edge; fillEqually makes the lengths
   equal. Across the axis alignment fill pins both edges of every arranged view; leading, center
   and trailing pin that edge (or the centre) of every arranged view and keep each visible one
   within the stack's breadth (a hidden view has no size in the arrangement). The stack's fitting
   size ("without additional constraints, the system calculates the stack view's size based on
   its content": across the axis the largest visible arranged view's breadth, along it the
   arranged views' lengths and the spacing) is a preference for the smallest breadth (alignment
   other than fill) at FITTING_ACROSS_PRIORITY and, with equalSpacing, for the smallest length at
   FITTING_ALONG_PRIORITY.
g. A view is reported only once the layout engine places it: once an active constraint relates it
   or a view inside it, or it is arranged in a stack view the engine places (as UIKit: "you must
   position the stack view"). A view placed by its superview only is not reported.
"""
import json
import subprocess
import sys
import threading

sys.dont_write_bytecode = True  # no __pycache__ beside the tests' sources

from apple_layout_scenario import HORIZONTAL, POSITIONS, Layout, ModelError, steps  # noqa: E402

# The priorities of a stack view's fitting-size preferences (semantics f): across its axis 51,
# along it 49, those of UIKit's own UISV-spanning-fit and UISV-canvas-fit constraints (as
# docs/auto-layout.md cites them); below every priority a scenario gives a constraint but 50.
# `--fitting=ACROSS,ALONG` (one number: both) overrides them for one run
# (LIFETRACE_APPLE_ORACLE_FITTING in the Swift test).
FITTING_ACROSS_PRIORITY = 51
FITTING_ALONG_PRIORITY = 49
FITTING = {"across": FITTING_ACROSS_PRIORITY, "along": FITTING_ALONG_PRIORITY}
# Where a value is pushed to find its least and greatest value (beyond any frame a scenario makes).
FAR = 1e6
# A value is determined when its least and greatest values are closer than this.
UNIQUE = 1e-6
# A level's optimum is kept within this (kiwi's rounding).
PIN_SLACK = 1e-9


class Infeasible(Exception):
    """The required constraints cannot all hold."""


class Model(Layout):
    """A scenario's layout state and its frames after each step, by Apple's semantics."""

    def attribute(self, view, attribute, container):
        """The attribute's expression in `container`'s coordinates (semantics b)."""
        if attribute == "width":
            return view.width + 0.0
        if attribute == "height":
            return view.height + 0.0
        if attribute in HORIZONTAL:
            start, length, origin = view.left, view.width, container.left
        else:
            start, length, origin = view.top, view.height, container.top
        if attribute in ("left", "leading", "top"):
            return start - origin
        if attribute in ("right", "trailing", "bottom"):
            return start + length - origin
        return start + 0.5 * length - origin

    def relation(self, spec):
        first = self.item(spec["first"][0])
        if spec["second"] is None:
            return self.attribute(first, spec["first"][1], first) - spec["constant"]
        second = self.item(spec["second"][0])
        theirs = set(map(id, second.ancestors()))
        container = next(view for view in first.ancestors() if id(view) in theirs)
        lhs = self.attribute(first, spec["first"][1], container)
        rhs = self.attribute(second, spec["second"][1], container)
        return lhs - (spec["multiplier"] * rhs + spec["constant"])

    def system(self):
        """The step's constraints: (expression, relation, priority) with `expression REL 0`."""
        made = []
        root = self.root
        width, height = self.window
        made += [(root.left + 0.0, "==", 1000), (root.top + 0.0, "==", 1000),
                 (root.width - width, "==", 1000), (root.height - height, "==", 1000)]
        for ident in self.order:
            spec = self.constraints[ident]
            items = [spec["first"][0]] + ([spec["second"][0]] if spec["second"] else [])
            if spec["active"] and all(self.in_window(self.item(name)) for name in items):
                made.append((self.relation(spec), spec["relation"], spec["priority"]))
        for view in self.views.values():
            if not self.in_window(view):
                continue
            if view.intrinsic is not None:
                for length, intrinsic in ((view.width, view.intrinsic[0]), (view.height, view.intrinsic[1])):
                    made.append((length - intrinsic, "<=", 250))
                    made.append((length - intrinsic, ">=", 750))
            if view.is_stack:
                made += self.arrangement(view)
        return made

    def arrangement(self, stack):
        """A stack view's constraints (semantics e and f)."""
        horizontal = stack.axis == "horizontal"

        def start(v):
            return v.left if horizontal else v.top

        def length(v):
            return v.width if horizontal else v.height

        def cross(v):
            return v.top if horizontal else v.left

        def breadth(v):
            return v.height if horizontal else v.width

        made = []
        for view in stack.arranged:
            if stack.alignment == "fill":
                made += [(cross(view) - cross(stack), "==", 1000), (breadth(view) - breadth(stack), "==", 1000)]
            else:
                if stack.alignment == "leading":
                    made.append((cross(view) - cross(stack), "==", 1000))
                elif stack.alignment == "center":
                    made.append((cross(view) + 0.5 * breadth(view) - cross(stack) - 0.5 * breadth(stack), "==", 1000))
                else:
                    made.append((cross(view) + breadth(view) - cross(stack) - breadth(stack), "==", 1000))
                if not view.hidden:
                    made.append((breadth(view) - breadth(stack), "<=", 1000))
            if view.hidden:
                made.append((length(view) + 0.0, "==", 1000))
        visible = [view for view in stack.arranged if not view.hidden]
        if visible:
            made.append((start(visible[0]) - start(stack), "==", 1000))
            gaps = [start(b) - start(a) - length(a) for a, b in zip(visible, visible[1:])]
            for gap in gaps:
                if stack.distribution == "equalSpacing":
                    made.append((gap - stack.spacing, ">=", 1000))
                    made.append((gap - gaps[0], "==", 1000))
                else:
                    made.append((gap - stack.spacing, "==", 1000))
            if stack.distribution == "fillEqually":
                made += [(length(view) - length(visible[0]), "==", 1000) for view in visible[1:]]
            made.append((start(visible[-1]) + length(visible[-1]) - start(stack) - length(stack), "==", 1000))
        if stack.alignment != "fill":
            made.append((breadth(stack) + 0.0, "==", FITTING["across"]))
        if stack.distribution == "equalSpacing":
            made.append((length(stack) + 0.0, "==", FITTING["along"]))
        return made

    def depends_on_collapsed_position(self):
        """Whether an active constraint relates a position along a stack's axis of a collapsed
        (hidden arranged) view, or of a view inside it, to a view outside it (semantics e)."""
        for view in self.views.values():
            if not (view.hidden and view.in_stack() and self.in_window(view)):
                continue
            axis = HORIZONTAL if view.parent.axis == "horizontal" else POSITIONS - HORIZONTAL
            for spec in self.constraints.values():
                if not spec["active"] or spec["second"] is None or spec["first"][1] not in axis & POSITIONS:
                    continue
                inside = [view in self.item(item).ancestors() for item, _ in (spec["first"], spec["second"])]
                if inside[0] != inside[1]:
                    return True
        return False

    def update_joined(self):
        """The views the engine places (semantics g): those an active constraint relates and their
        superviews, the arranged views of every stack view among them, and so on."""
        pending = [self.root] + [self.item(name) for name in self.joined]
        for spec in self.constraints.values():
            if spec["active"]:
                pending += [self.item(item) for item, _ in filter(None, (spec["first"], spec["second"]))]
        seen = set()
        while pending:
            view = pending.pop()
            if id(view) in seen or not self.in_window(view):
                continue
            seen.add(id(view))
            self.joined.update(ancestor.name for ancestor in view.ancestors())
            pending += view.ancestors() + view.arranged

    # Solving.

    def solve(self):
        """The frames of the current step: {name: [x, y, width, height]} (None: not unique)."""
        kiwi = self.kiwi
        solver = kiwi.Solver()
        levels = {}

        def add(constraint):
            try:
                solver.addConstraint(constraint)
            except kiwi.UnsatisfiableConstraint:
                raise Infeasible()

        for expression, relation, priority in self.system():
            if priority >= 1000:
                if relation == "==":
                    add(expression == 0)
                elif relation == "<=":
                    add(expression <= 0)
                else:
                    add(expression >= 0)
                continue
            # The error of an optional constraint, as non-negative variables (semantics c).
            over = kiwi.Variable("over")
            add(over >= 0)
            if relation == "==":
                under = kiwi.Variable("under")
                add(under >= 0)
                add(expression == over - under)
                error = over + under
            elif relation == "<=":
                add(expression <= over)
                error = over + 0.0
            else:
                add(-expression <= over)
                error = over + 0.0
            levels.setdefault(priority, []).append(error)
        for priority in sorted(levels, reverse=True):
            total = sum(levels[priority][1:], levels[priority][0])
            best = self.extreme(solver, total, 0.0)
            try:
                solver.addConstraint(total <= best + PIN_SLACK)
            except kiwi.UnsatisfiableConstraint:
                raise RuntimeError("kiwi refused a level's own optimum (%s)" % priority)
        solver.updateVariables()
        frames = {}
        for name in sorted(self.joined):
            view = self.item(name)
            if view.hidden:
                continue
            parent = view.parent
            values = [view.left - (parent.left if parent else 0.0), view.top - (parent.top if parent else 0.0),
                      view.width + 0.0, view.height + 0.0]
            frames[name] = [self.determined(solver, value) for value in values]
        return frames

    def extreme(self, solver, expression, target):
        """The value of `expression` closest to `target` (its least or greatest, as far as FAR)."""
        objective = (expression == target) | self.kiwi.strength.weak
        self.kiwi_add(solver, objective)
        solver.updateVariables()
        value = expression.value()
        solver.removeConstraint(objective)
        return value

    def kiwi_add(self, solver, constraint):
        try:
            solver.addConstraint(constraint)
        except self.kiwi.UnsatisfiableConstraint:
            raise RuntimeError("kiwi refused a weak constraint")

    def determined(self, solver, expression):
        low = self.extreme(solver, expression, -FAR)
        high = self.extreme(solver, expression, FAR)
        if high - low >= UNIQUE:
            return None
        value = (low + high) / 2
        return 0.0 if abs(value) < 1e-9 else value


def run(kiwi, text):
    model = Model(kiwi)
    answers = []
    try:
        for index, line in enumerate(steps(text)):
            model.apply(line)
            if model.root is None:
                continue
            model.update_joined()
            try:
                frames = model.solve()
            except Infeasible:
                answers.append({"step": index, "state": "infeasible"})
                break
            if model.depends_on_collapsed_position():
                answers.append({"step": index, "state": "skipped"})
            else:
                answers.append({"step": index, "state": "ok", "frames": frames})
    except ModelError as error:
        return {"error": str(error)}
    except (IndexError, KeyError) as error:
        return {"error": "unreadable: %r" % error}
    except Exception as error:  # noqa: BLE001 - kiwi raising where it should not is a crash
        return {"crash": "%s: %s" % (type(error).__name__, error)}
    return {"steps": answers}


def fitting(arguments):
    """Applies `--fitting=ACROSS,ALONG` (or `--fitting=P` for both)."""
    for argument in arguments:
        if argument.startswith("--fitting="):
            values = [float(value) for value in argument.split("=", 1)[1].split(",")]
            FITTING["across"], FITTING["along"] = values[0], values[-1]


def serve():
    import kiwisolver as kiwi

    fitting(sys.argv[1:])

    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(run(kiwi, json.loads(line))) + "\n")
            sys.stdout.flush()  # what was answered survives a crash on the next scenario


def answer(lines):
    """The answers to `lines`, from child processes restarted past any scenario that kills one."""
    answers = []
    while len(answers) < len(lines):
        options = [argument for argument in sys.argv[1:] if argument.startswith("--fitting=")]
        child = subprocess.run(
            [sys.executable, __file__, "--serve"] + options, input="\n".join(lines[len(answers):]) + "\n",
            capture_output=True, text=True)
        answers += child.stdout.splitlines()
        if child.returncode != 0 and len(answers) < len(lines):
            answers.append(json.dumps({"crash": child.stderr.strip()[-2000:] or "exit %d" % child.returncode}))
        elif child.returncode != 0 or not child.stdout:
            sys.exit("apple_layout_model.py: the model process failed: " + child.stderr)
    return answers


def main():
    try:
        import kiwisolver
    except ImportError:
        sys.exit("apple_layout_model.py: the Python package kiwisolver is missing: pip install kiwisolver")
    jobs = 2
    for argument in sys.argv[1:]:
        if argument.startswith("--jobs="):
            jobs = max(1, int(argument.split("=", 1)[1]))
    fitting(sys.argv[1:])
    print(json.dumps({"kiwisolver": kiwisolver.__version__, "fitting": [FITTING["across"], FITTING["along"]]}))
    lines = [line for line in sys.stdin.read().splitlines() if line.strip()]
    # Interleaved chunks, so each process gets long and short scenarios alike.
    chunks = [lines[start::jobs] for start in range(jobs)]
    results = [None] * jobs

    def work(index):
        results[index] = answer(chunks[index]) if chunks[index] else []

    threads = [threading.Thread(target=work, args=(index,)) for index in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for position in range(len(lines)):
        print(results[position % jobs][position // jobs])
    sys.stdout.flush()


if __name__ == "__main__":
    if "--serve" in sys.argv[1:]:
        serve()
    else:
        main()
