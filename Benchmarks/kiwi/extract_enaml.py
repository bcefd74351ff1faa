#!/usr/bin/env python3
"""Writes kiwi's "enaml-like" benchmark system in a neutral form both solvers read.

    extract_enaml.py SDIST/benchmarks/enaml_like_benchmark.py OUT.system

Runs the benchmark's module with stand-ins for `kiwisolver` and `perf` that record what it builds
(edit variables and constraints), and writes one line each:

    edit NAME WEIGHT
    constraint REL WEIGHT CONSTANT COEFFICIENT NAME ...

Nothing of the benchmark is kept but the system it describes.
"""
import sys
import types


class Expr:
    def __init__(self, terms=None, constant=0.0):
        self.terms = dict(terms or {})
        self.constant = float(constant)

    @staticmethod
    def of(value):
        return value if isinstance(value, Expr) else Expr(constant=value)

    def __add__(self, other):
        other = Expr.of(other)
        terms = dict(self.terms)
        for name, coefficient in other.terms.items():
            terms[name] = terms.get(name, 0.0) + coefficient
        return Expr(terms, self.constant + other.constant)

    __radd__ = __add__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Expr.of(other))

    def __rsub__(self, other):
        return Expr.of(other) - self

    def __mul__(self, factor):
        return Expr({n: c * factor for n, c in self.terms.items()}, self.constant * factor)

    __rmul__ = __mul__

    def _relation(self, other, relation):
        return Rel(self - Expr.of(other), relation)

    def __eq__(self, other):
        return self._relation(other, "==")

    def __le__(self, other):
        return self._relation(other, "<=")

    def __ge__(self, other):
        return self._relation(other, ">=")

    __hash__ = object.__hash__


def Variable(name):
    return Expr({name: 1.0})


STRENGTHS = {"required": 1001001000.0, "strong": 1000000.0, "medium": 1000.0, "weak": 1.0}


def weight(value):
    return STRENGTHS[value] if isinstance(value, str) else float(value)


class Rel:
    def __init__(self, expression, relation):
        self.expression, self.relation, self.strength = expression, relation, STRENGTHS["required"]

    def __or__(self, strength):
        self.strength = weight(strength)
        return self


class Solver:
    lines = []

    def addEditVariable(self, variable, strength):
        (name,) = variable.terms
        Solver.lines.append(f"edit {name} {weight(strength)!r}")

    def addConstraint(self, constraint):
        e = constraint.expression
        terms = " ".join(f"{c!r} {n}" for n, c in e.terms.items() if c != 0)
        Solver.lines.append(f"constraint {constraint.relation} {constraint.strength!r} {e.constant!r} {terms}")


def create(a, b, c, w=1.0):
    clip = lambda v: min(max(v * w, 0.0), 1000.0)
    return clip(a) * 1000000.0 + clip(b) * 1000.0 + clip(c)


kiwi = types.ModuleType("kiwisolver")
kiwi.Solver, kiwi.Variable = Solver, Variable
kiwi.strength = types.SimpleNamespace(create=create, **STRENGTHS)
perf = types.ModuleType("perf")
perf.Runner = lambda *a, **k: types.SimpleNamespace(bench_time_func=lambda *a, **k: None)
perf.perf_counter = lambda: 0.0
sys.modules["kiwisolver"], sys.modules["perf"] = kiwi, perf

source = open(sys.argv[1], encoding="utf-8").read()
exec(compile(source, sys.argv[1], "exec"), {"__name__": "enaml_like"})
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write("\n".join(Solver.lines) + "\n")
print(f"extract_enaml: {len(Solver.lines)} lines in {sys.argv[2]}")
