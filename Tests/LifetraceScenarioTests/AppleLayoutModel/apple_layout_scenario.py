"""The scenario language's layout steps as apple_layout_model.py reads them: its own parser (not the
Swift one), and the state the steps leave (views, stack views, constraints, the window's size).

Steps: `view NAME in PARENT [intrinsic=WxH]`, `stack NAME in PARENT [axis=] [spacing=] [alignment=]
[distribution=]`, `constrain ID ITEM.ATTR REL ITEM.ATTR|NUMBER [* M] [+ C|- C] [priority=P]`,
`launch NAME`, `set-constant`, `activate`, `deactivate`, `hide`, `show`, `intrinsic NAME WxH`,
`rotate landscape|portrait`, `check-ambiguity` (ignored); one controller, whose root view is named
by it. Anything else is a ModelError.
"""

PORTRAIT = (390.0, 844.0)
HORIZONTAL = {"left", "leading", "right", "trailing", "centerX", "width"}
POSITIONS = {"left", "leading", "right", "trailing", "centerX", "top", "bottom", "centerY"}
SIZES = {"width", "height"}



class ModelError(Exception):
    """A scenario the model does not read (or a step UIKit would refuse)."""



class View:
    def __init__(self, kiwi, name, parent, is_stack=False):
        self.name = name
        self.parent = parent  # a View, or None for the root view
        self.is_stack = is_stack
        self.intrinsic = None  # (width, height)
        self.hidden = False
        self.axis = "horizontal"
        self.spacing = 0.0
        self.alignment = "fill"
        self.distribution = "fill"
        self.arranged = []  # a stack's arranged views, in order
        self.left = kiwi.Variable(name + ".left")  # in the window's coordinates
        self.top = kiwi.Variable(name + ".top")
        self.width = kiwi.Variable(name + ".width")
        self.height = kiwi.Variable(name + ".height")

    def ancestors(self):
        view, chain = self, []
        while view is not None:
            chain.append(view)
            view = view.parent
        return chain

    def in_stack(self):
        return self.parent is not None and self.parent.is_stack


def number(text):
    try:
        return float(text)
    except ValueError:
        raise ModelError("expected a number, got %r" % text)


def options(words, allowed):
    given = {}
    for word in words:
        key, _, value = word.partition("=")
        if key not in allowed or not value:
            raise ModelError("unexpected %r" % word)
        given[key] = value
    return given


def size(text):
    width, _, height = text.partition("x")
    return number(width), number(height)


class Layout:
    """The layout state a scenario's steps leave."""

    def __init__(self, kiwi):
        self.kiwi = kiwi
        self.views = {}
        self.roots = {}  # controller name -> its root view
        self.root = None  # the launched controller's root view
        self.constraints = {}  # id -> dict
        self.order = []  # constraint ids in declaration order
        self.window = PORTRAIT
        self.joined = set()  # names of views the engine places (semantics g); only grows

    # Reading steps.

    def item(self, name):
        if name in self.views:
            return self.views[name]
        if name in self.roots:
            return self.roots[name]
        raise ModelError("unknown item %r" % name)

    def parent(self, name):
        if name in self.views:
            return self.views[name]
        if name not in self.roots:
            if self.roots:
                raise ModelError("one controller only, got %r" % name)
            self.roots[name] = View(self.kiwi, name, None)
        return self.roots[name]

    def declare(self, words, is_stack):
        if len(words) < 3 or words[1] != "in":
            raise ModelError("expected NAME in PARENT")
        name = words[0]
        if name in self.views or name in self.roots:
            raise ModelError("%s declared twice" % name)
        parent = self.parent(words[2])
        view = View(self.kiwi, name, parent, is_stack)
        if is_stack:
            given = options(words[3:], {"axis", "spacing", "alignment", "distribution"})
            view.axis = given.get("axis", "horizontal")
            view.spacing = number(given.get("spacing", "0"))
            view.alignment = given.get("alignment", "fill")
            view.distribution = given.get("distribution", "fill")
            if view.axis not in ("horizontal", "vertical") or view.alignment not in (
                "fill", "leading", "center", "trailing") or view.distribution not in (
                "fill", "fillEqually", "equalSpacing"):
                raise ModelError("unsupported stack %r" % words)
        else:
            given = options(words[3:], {"intrinsic"})
            if "intrinsic" in given:
                view.intrinsic = size(given["intrinsic"])
        if parent.is_stack:
            parent.arranged.append(view)
        self.views[name] = view

    def anchor(self, text):
        item, _, attribute = text.partition(".")
        if attribute not in POSITIONS | SIZES:
            raise ModelError("unsupported attribute %r" % text)
        self.item(item)
        return item, attribute

    def constrain(self, words):
        if len(words) < 4 or words[2] not in ("==", "<=", ">="):
            raise ModelError("expected ID ITEM.ATTR REL ...")
        ident = words[0]
        if ident in self.constraints:
            raise ModelError("constraint %s declared twice" % ident)
        first = self.anchor(words[1])
        rest = [w for w in words[3:] if not w.startswith("priority=")]
        priority = number(options([w for w in words[3:] if w.startswith("priority=")], {"priority"}).get(
            "priority", "1000"))
        second, multiplier, constant = None, 1.0, 0.0
        try:
            constant = float(rest[0])
            if first[1] not in SIZES or len(rest) != 1:
                raise ModelError("a position needs a second item: %r" % words)
            multiplier = 0.0
        except ValueError:
            second = self.anchor(rest[0])
            if (first[1] in SIZES) != (second[1] in SIZES) or (
                first[1] in POSITIONS and (first[1] in HORIZONTAL) != (second[1] in HORIZONTAL)):
                raise ModelError("attributes of different kinds: %r" % words)
            index = 1
            while index < len(rest):
                operation, value = rest[index], number(rest[index + 1])
                if operation == "*" and index == 1:
                    multiplier = value
                elif operation == "+":
                    constant += value
                elif operation == "-":
                    constant -= value
                else:
                    raise ModelError("unexpected %r" % operation)
                index += 2
        self.constraints[ident] = {
            "first": first, "relation": words[2], "second": second, "multiplier": multiplier,
            "constant": constant, "priority": min(max(priority, 1.0), 1000.0), "active": True,
        }
        self.order.append(ident)

    def apply(self, line):
        words = line.split()
        keyword, words = words[0], words[1:]
        if keyword == "view":
            self.declare(words, False)
        elif keyword == "stack":
            self.declare(words, True)
        elif keyword == "constrain":
            self.constrain(words)
        elif keyword == "launch":
            self.root = self.parent(words[0])
        elif keyword == "set-constant":
            self.constraint(words[0])["constant"] = number(words[1])
        elif keyword in ("activate", "deactivate"):
            self.constraint(words[0])["active"] = keyword == "activate"
        elif keyword in ("hide", "show"):
            self.views_named(words[0]).hidden = keyword == "hide"
        elif keyword == "intrinsic":
            view = self.views_named(words[0])
            if view.is_stack:
                raise ModelError("a stack has no intrinsic size of its own")
            view.intrinsic = size(words[1])
        elif keyword == "rotate":
            long, short = max(self.window), min(self.window)
            self.window = (long, short) if words[0] == "landscape" else (short, long)
        elif keyword == "check-ambiguity":
            pass
        else:
            raise ModelError("unsupported step %r" % line)

    def constraint(self, ident):
        if ident not in self.constraints:
            raise ModelError("unknown constraint %r" % ident)
        return self.constraints[ident]

    def views_named(self, name):
        if name not in self.views:
            raise ModelError("unknown view %r" % name)
        return self.views[name]

    def in_window(self, view):
        return view.ancestors()[-1] is self.root


def steps(text):
    lines = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines
