#!/usr/bin/env python3
"""The oracle of the Cassowary tests: runs constraint systems through kiwisolver.

Reads one system per line on stdin (JSON: {"n": variables, "cons": [{"terms": [[variable, coefficient]],
"rel": "==|<=|>=", "const": c, "w": weight}], "ops": [["add", i] | ["remove", i] | ["edit", v, weight] |
["suggest", v, value] | ["constant", i, c] | ["read"]]}) and writes one JSON line per system: per operation
"ok", "unsat", "dup", "unknown", "skip", or after "read" every variable's value.

kiwi has no in-place constant change: "constant" removes the constraint and adds it with the new
constant (and puts the old one back if that is unsatisfiable). After an unsatisfiable addition
kiwi's tableau still holds part of the refused row (later reads can violate required constraints,
and a later suggestValue can abort the process), so the oracle's state after one is a solver rebuilt
from what it holds: the semantics the tested solver promises. A system that still aborts kiwi is
answered "crash" by the parent process, which restarts the child past it.
"""
import json
import subprocess
import sys


def run_child():
    import kiwisolver as k

    for line in sys.stdin:
        system = json.loads(line)
        variables = [k.Variable("v%d" % i) for i in range(system["n"])]
        state = {"solver": k.Solver()}
        made, constants, edits, out = {}, {}, {}, []

        def make(index, constant=None):
            spec = system["cons"][index]
            expression = sum((variables[v] * c for v, c in spec["terms"]), 0.0)
            expression = expression + (spec["const"] if constant is None else constant)
            relation = {"==": expression == 0, "<=": expression <= 0, ">=": expression >= 0}[spec["rel"]]
            return relation | spec["w"]

        def rebuild():
            held = [c for c in made.values() if state["solver"].hasConstraint(c)]
            fresh = k.Solver()
            for c in held:
                fresh.addConstraint(c)
            for v, (weight, value) in edits.items():
                fresh.addEditVariable(variables[v], weight)
                fresh.suggestValue(variables[v], value)
            state["solver"] = fresh

        for op in system["ops"]:
            solver = state["solver"]
            try:
                if op[0] == "add":
                    index = op[1]
                    constraint = made.get(index) or make(index, constants.get(index))
                    if solver.hasConstraint(constraint):
                        out.append("dup")
                        continue
                    try:
                        solver.addConstraint(constraint)
                        made[index] = constraint
                        out.append("ok")
                    except k.UnsatisfiableConstraint:
                        rebuild()
                        out.append("unsat")
                elif op[0] == "remove":
                    constraint = made.get(op[1])
                    if constraint is None or not solver.hasConstraint(constraint):
                        out.append("unknown")
                        continue
                    solver.removeConstraint(constraint)
                    out.append("ok")
                elif op[0] == "edit":
                    solver.addEditVariable(variables[op[1]], op[2])
                    edits[op[1]] = (op[2], 0.0)
                    out.append("ok")
                elif op[0] == "suggest":
                    solver.suggestValue(variables[op[1]], op[2])
                    edits[op[1]] = (edits[op[1]][0], op[2])
                    out.append("ok")
                elif op[0] == "constant":
                    index = op[1]
                    constraint = made.get(index)
                    if constraint is None or not solver.hasConstraint(constraint):
                        out.append("skip")
                        continue
                    solver.removeConstraint(constraint)
                    changed = make(index, op[2])
                    try:
                        solver.addConstraint(changed)
                        made[index] = changed
                        constants[index] = op[2]
                        out.append("ok")
                    except k.UnsatisfiableConstraint:
                        rebuild()
                        state["solver"].addConstraint(constraint)
                        out.append("unsat")
                elif op[0] == "read":
                    solver.updateVariables()
                    out.append([v.value() for v in variables])
            except Exception as error:  # an unexpected kiwi error is a verdict of its own
                out.append("error:" + type(error).__name__)
        print(json.dumps(out), flush=True)


def run_parent(path):
    lines = open(path, encoding="utf-8").read().splitlines() if path != "-" else sys.stdin.read().splitlines()
    results, index = [], 0
    while index < len(lines):
        child = subprocess.run([sys.executable, __file__, "--child"], input="\n".join(lines[index:]) + "\n",
                               capture_output=True, text=True)
        got = child.stdout.splitlines()
        results.extend(got)
        index += len(got)
        if child.returncode != 0 and index < len(lines):
            if "No module named 'kiwisolver'" in child.stderr:
                sys.exit("kiwi_oracle: kiwisolver is not installed: pip install kiwisolver")
            results.append('"crash"')
            index += 1
    print("\n".join(results))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        run_child()
    else:
        run_parent(sys.argv[1] if len(sys.argv) > 1 else "-")
