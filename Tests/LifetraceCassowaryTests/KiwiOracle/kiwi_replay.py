#!/usr/bin/env python3
"""Replays constraint systems through kiwisolver, the reference Cassowary, for KiwiOracleTests.swift.

Input, on stdin: one system per line, as JSON:

    {"n": 3,                                   # variables v0 … v(n-1)
     "cons": [[[[0, 1.0], [2, -3.0]], "<=", 5.0, 1001001000.0], …],
                                               # terms [variable, coefficient], relation, constant, weight:
                                               # the constraint  sum(c·v) + constant  (==|<=|>=)  0
     "ops": [["add", i], ["remove", i], ["constant", i, c], ["edit", v, weight], ["unedit", v],
             ["suggest", v, value], ["reset"], ["read"], …]}

Output, on stdout: first a header line {"kiwisolver": VERSION}, then one line per system, in order: a
JSON array with one entry per operation: after "read" the list of every variable's value, otherwise
the verdict: "ok", "unsat", "dup" (constraint already held), "unknown" (constraint not held),
"dup-edit", "unknown-edit", "required-edit", or "error:NAME" for any other kiwi exception. A system
that kills the kiwi process (kiwi 1.5.1 can abort from C++) is answered {"crash": STDERR}: the driver
runs kiwi in a child process and restarts it past such a system. Weights are passed to kiwi as plain
floats (kiwi clips them to 0…required, as the Swift solver does).

The semantics, shared with the Swift side:
- constraint i is one object, made on its first use; "constant" changes its constant while it is
  held (kiwi cannot: there it is removed and added again with the new constant);
- after an unsatisfiable "add" or "constant" the solver holds what it held before with the same
  values. kiwi 1.5.1 does not: its failed artificial-variable phase leaves the refused row in the
  tableau (later reads can violate required constraints), so here kiwi is rebuilt from scratch from
  the constraints and edit variables it holds (with their last suggested values);
- an edit variable starts at 0 (kiwi's and our edit constraint is `v == 0` until a suggestion);
- a removal ("remove", "unedit", and "constant" which removes first) rebuilds kiwi from what it
  still holds instead of calling kiwi's removal: kiwi 1.5.1 loses a redundant required equality
  when the equality it duplicates is removed (the redundant one's row is its dummy marker's, and
  the removal pivots a non-dummy row into it), and after removals it can abort ("The objective is
  unbounded") on an objective coefficient that is rounding noise, so only a fresh solve is a
  reference there. With a unique optimum a fresh solve and an incremental removal must give the
  same values. Pass --incremental-removal to compare with kiwi's own removal instead.
"""
import json
import subprocess
import sys

# kiwi's own removal (--incremental-removal) instead of a rebuild; see the module's documentation.
INCREMENTAL_REMOVAL = "--incremental-removal" in sys.argv

VERDICTS = {
    "UnsatisfiableConstraint": "unsat",
    "DuplicateConstraint": "dup",
    "UnknownConstraint": "unknown",
    "DuplicateEditVariable": "dup-edit",
    "UnknownEditVariable": "unknown-edit",
    "BadRequiredStrength": "required-edit",
}


def replay(kiwi, system):
    variables = [kiwi.Variable("v%d" % i) for i in range(system["n"])]
    specs = system["cons"]
    made = {}  # index -> the kiwi constraint with its current constant
    held = {}  # index -> True, in the order added (what a rebuild re-adds)
    edits = {}  # variable -> [weight, last suggested value], in the order added
    state = {"solver": kiwi.Solver()}

    def make(index, constant):
        terms, relation, _, weight = specs[index]
        expression = kiwi.Expression(tuple(kiwi.Term(variables[v], c) for v, c in terms), constant)
        if relation == "==":
            constraint = expression == 0
        elif relation == "<=":
            constraint = expression <= 0
        else:
            constraint = expression >= 0
        return constraint | weight

    def constraint(index):
        if index not in made:
            made[index] = make(index, specs[index][2])
        return made[index]

    def rebuild():
        fresh = kiwi.Solver()
        for index in held:
            fresh.addConstraint(made[index])
        for variable, (weight, value) in edits.items():
            fresh.addEditVariable(variables[variable], weight)
            fresh.suggestValue(variables[variable], value)
        state["solver"] = fresh

    def remove(incrementally):
        if INCREMENTAL_REMOVAL:
            incrementally()
        else:
            rebuild()

    answers = []
    for op in system["ops"]:
        solver = state["solver"]
        kind = op[0]
        try:
            if kind == "read":
                solver.updateVariables()
                answers.append([v.value() for v in variables])
                continue
            if kind == "add":
                try:
                    solver.addConstraint(constraint(op[1]))
                except kiwi.UnsatisfiableConstraint:
                    rebuild()
                    raise
                held[op[1]] = True
            elif kind == "remove":
                if not solver.hasConstraint(constraint(op[1])):
                    raise kiwi.UnknownConstraint(constraint(op[1]))
                del held[op[1]]
                remove(lambda: solver.removeConstraint(made[op[1]]))
            elif kind == "constant":
                index, value = op[1], op[2]
                old = constraint(index)
                if not solver.hasConstraint(old):
                    raise kiwi.UnknownConstraint(old)
                del held[index]
                remove(lambda: solver.removeConstraint(old))
                new = make(index, value)
                try:
                    state["solver"].addConstraint(new)
                except kiwi.UnsatisfiableConstraint:
                    rebuild()
                    state["solver"].addConstraint(old)
                    held[index] = True
                    raise
                made[index] = new
                held[index] = True
            elif kind == "edit":
                solver.addEditVariable(variables[op[1]], op[2])
                edits[op[1]] = [op[2], 0.0]
            elif kind == "unedit":
                if op[1] not in edits:
                    raise kiwi.UnknownEditVariable(variables[op[1]])
                del edits[op[1]]
                remove(lambda: solver.removeEditVariable(variables[op[1]]))
            elif kind == "suggest":
                solver.suggestValue(variables[op[1]], op[2])
                edits[op[1]][1] = op[2]
            elif kind == "reset":
                solver.reset()
                held.clear()
                edits.clear()
            else:
                raise ValueError("unknown operation %r" % (op,))
            answers.append("ok")
        except Exception as error:  # noqa: BLE001 - every kiwi error is a verdict
            name = type(error).__name__
            answers.append(VERDICTS.get(name, "error:" + name))
    return answers


def serve():
    import kiwisolver as kiwi

    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(replay(kiwi, json.loads(line))) + "\n")
            sys.stdout.flush()  # what was answered survives a crash on the next system


def main():
    try:
        import kiwisolver
    except ImportError:
        sys.exit("kiwi_replay.py: the Python package kiwisolver is missing: pip install kiwisolver")
    print(json.dumps({"kiwisolver": kiwisolver.__version__}))
    lines = [line for line in sys.stdin.read().splitlines() if line.strip()]
    done = 0
    while done < len(lines):
        child = subprocess.run(
            [sys.executable, __file__, "--serve"] + (["--incremental-removal"] if INCREMENTAL_REMOVAL else []),
            input="\n".join(lines[done:]) + "\n",
            capture_output=True,
            text=True,
        )
        answered = child.stdout.splitlines()
        for answer in answered:
            print(answer)
        done += len(answered)
        if child.returncode != 0 and done < len(lines):
            print(json.dumps({"crash": child.stderr.strip()[-2000:] or "exit %d" % child.returncode}))
            done += 1
        elif child.returncode != 0 or len(answered) == 0:
            sys.exit("kiwi_replay.py: the kiwi process failed: " + child.stderr)
    sys.stdout.flush()


if __name__ == "__main__":
    if "--serve" in sys.argv[1:]:
        serve()
    else:
        main()
