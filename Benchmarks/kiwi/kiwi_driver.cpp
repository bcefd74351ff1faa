// The floor of the Auto Layout solver benchmarks: kiwi's C++ core (kiwisolver on PyPI) on the
// systems of Benchmarks/Sources/SolverSystems (the three shapes of WWDC 2018 session 220,
// /work/notes/shapes.md, and kiwi's own "enaml-like" system).
//
// License: this file is Lifetrace's own code. It only #includes kiwi's headers (kiwi is under the
// Modified BSD License), which tools/kiwi-floor downloads from PyPI's source distribution of
// kiwisolver at bench time into Benchmarks/.kiwi-cache/ (ignored by git): no kiwi file is vendored
// or committed, and nothing built from it is either. The enaml-like system is read from the
// neutral file tools/kiwi-floor extracts from the same download (Benchmarks/kiwi/extract_enaml.py).
//
//   kiwi_driver [--quick] [--sizes N,N,...] [--shape SHAPE] [--system FILE]
//       runs every measure (of one shape with --shape) and prints one line each: `kiwi:<shape>:<n>:<measure> <median ns> <samples>`
//       (`kiwi:enaml-like:0:update` with --system)
//   kiwi_driver --one SHAPE N MEASURE REPS [--system FILE]
//       builds the system, then runs one measure REPS times through kiwi_measure_once, for
//       `valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no --toggle-collect=kiwi_measure_once`
//       (SHAPE enaml-like: N is ignored, MEASURE is update)
//
// Measures, taken as the Swift benchmarks (Benchmarks/Benchmarks/SolverCost) take them:
//   first-pass       a new solver and the views' variables made (not timed); then timed: the root's
//                    constraints and edit variables added and suggested (375 x 812), every view's
//                    constraints added, values read (updateVariables); the solver destroyed untimed
//   constant-change  the constant of view n/2's top constraint moves by +1 (and back on the next
//                    round). kiwi has no in-place change of a constant: remove the constraint, add
//                    one with the new constant; values read
//   resize           the root's width and height suggested (812 x 375, then 375 x 812), values read
//   update           (enaml-like) kiwi's own benchmark step: width and height suggested from its
//                    list of six sizes, values read
// Each sample is one build, one change or one resize (enaml-like: a thousand updates), as in the
// Swift suite; samples run until the time budget of the measure (150 ms quick, 1 s full) or the
// sample cap (200 / 2000) is reached, after warm-up rounds (2 / 10, within the budget); the median
// is printed. kiwi's first pass grows with the square of the views (its objective row and, in
// chains, every row): a sample over a second is taken once.
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

// Under callgrind, --one builds the system with instrumentation off (--instr-atstart=no: about 4x
// slower than native instead of 50x) and turns it on before the measured loop.
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_START_INSTRUMENTATION
#endif

using namespace kiwi;
using Clock = std::chrono::steady_clock;

// UILayoutPriority p as a Cassowary weight: p * 1000.
static const double compression = 750000.0, hugging = 250000.0;

enum class Shape { independent, dependent, nested };

static bool parseShape(const std::string& name, Shape& shape) {
    if (name == "independent") shape = Shape::independent;
    else if (name == "dependent") shape = Shape::dependent;
    else if (name == "nested") shape = Shape::nested;
    else return false;
    return true;
}

// One shape's system: the views' variables and a solver, built as a first layout pass builds it.
struct ShapeSystem {
    Shape shape;
    int count;
    std::vector<Variable> x, y, w, h;
    std::unique_ptr<Solver> solver;
    Constraint middle;
    int middleIndex;
    double middleConstant = 0;

    // Untimed: the variables of `count` views and the root, and an empty solver.
    ShapeSystem(Shape shape, int count) : shape(shape), count(count), middleIndex(std::max(count / 2, 1)) {
        x.reserve(count + 1); y.reserve(count + 1); w.reserve(count + 1); h.reserve(count + 1);
        for (int i = 0; i <= count; ++i) {
            x.emplace_back(); y.emplace_back(); w.emplace_back(); h.emplace_back();
        }
        solver.reset(new Solver());
    }

    double topConstant(int i) const {
        switch (shape) {
        case Shape::independent: return 4.0 * (i % 200);
        case Shape::dependent: return i == 1 ? 8.0 : 4.0;
        case Shape::nested: return 1.0;
        }
        return 0;
    }

    // View i's top: the constraint whose constant the constant-change measure moves.
    Constraint top(int i, double constant) const {
        if (shape == Shape::dependent && i > 1) return Constraint(y[i] == y[i - 1] + h[i - 1] + constant);
        if (shape == Shape::nested) return Constraint(y[i] == y[i - 1] + constant);
        return Constraint(y[i] == y[0] + constant);
    }

    // The first pass.
    void build() {
        Solver& s = *solver;
        s.addConstraint(x[0] == 0);
        s.addConstraint(y[0] == 0);
        s.addEditVariable(w[0], strength::strong);
        s.addEditVariable(h[0], strength::strong);
        s.suggestValue(w[0], 375);
        s.suggestValue(h[0], 812);
        for (int i = 1; i <= count; ++i) {
            s.addConstraint((h[i] >= 20) | compression);
            s.addConstraint((h[i] <= 20) | hugging);
            switch (shape) {
            case Shape::independent:
                s.addConstraint(x[i] == x[0] + 8);
                s.addConstraint(x[i] + w[i] == x[0] + w[0] - 8);
                break;
            case Shape::dependent:
                s.addConstraint(i == 1 ? (x[1] == x[0] + 8) : (x[i] == x[i - 1] + 0.01));
                s.addConstraint(x[i] + w[i] == x[0] + w[0] - 8);
                break;
            case Shape::nested:
                s.addConstraint(x[i] == x[i - 1]);
                s.addConstraint(x[i] + w[i] == x[i - 1] + w[i - 1]);
                break;
            }
            Constraint c = top(i, topConstant(i));
            s.addConstraint(c);
            if (i == middleIndex) { middle = c; middleConstant = topConstant(i); }
        }
        s.updateVariables();
    }

    void changeConstant(int round) {
        solver->removeConstraint(middle);
        middle = top(middleIndex, middleConstant + (round % 2 == 0 ? 1 : 0));
        solver->addConstraint(middle);
        solver->updateVariables();
    }

    void resize(int round) {
        bool wide = round % 2 == 0;
        solver->suggestValue(w[0], wide ? 812 : 375);
        solver->suggestValue(h[0], wide ? 375 : 812);
        solver->updateVariables();
    }
};

// kiwi's enaml-like system, as tools/kiwi-floor extracts it from the sdist's benchmark:
//   edit NAME WEIGHT
//   constraint REL WEIGHT CONSTANT COEFFICIENT NAME ...
struct EnamlLike {
    std::map<std::string, Variable> variables;
    Solver solver;
    Variable width, height;

    Variable& variable(const std::string& name) {
        auto found = variables.find(name);
        if (found == variables.end()) found = variables.emplace(name, Variable(name)).first;
        return found->second;
    }

    bool load(const std::string& path) {
        std::ifstream file(path);
        if (!file) return false;
        std::string line;
        bool hasWidth = false, hasHeight = false;
        while (std::getline(file, line)) {
            std::istringstream words(line);
            std::string kind;
            words >> kind;
            if (kind == "edit") {
                std::string name; double weight;
                words >> name >> weight;
                solver.addEditVariable(variable(name), weight);
                if (name == "width") { width = variable(name); hasWidth = true; }
                if (name == "height") { height = variable(name); hasHeight = true; }
            } else if (kind == "constraint") {
                std::string relation; double weight, constant;
                words >> relation >> weight >> constant;
                std::vector<Term> terms;
                double coefficient; std::string name;
                while (words >> coefficient >> name) terms.emplace_back(variable(name), coefficient);
                RelationalOperator op = relation == "==" ? OP_EQ : relation == "<=" ? OP_LE : OP_GE;
                solver.addConstraint(Constraint(Expression(terms, constant), op, weight));
            }
        }
        return hasWidth && hasHeight;
    }

    // One step of kiwi's benchmark (bench_update_variables): its six sizes in turn.
    void update(int round) {
        static const double sizes[6][2] = {{400, 600}, {600, 400}, {800, 1200}, {1200, 800}, {400, 800}, {800, 400}};
        solver.suggestValue(width, sizes[round % 6][0]);
        solver.suggestValue(height, sizes[round % 6][1]);
        solver.updateVariables();
    }
};

struct Settings {
    int warmup;
    double budgetNs;
    int maxSamples;
};

// Runs `sample(round)` (which returns the nanoseconds it timed) after up to `warmup` rounds (no
// more than the budget's worth) until the budget or the cap is reached, at least 3 times; a sample
// of more than a second (kiwi's first pass of 10 000 views, its chains of 1 000) is taken once.
// Returns the median and the sample count.
template <typename Sample>
static std::pair<double, int> measure(const Settings& settings, Sample sample) {
    int round = 0;
    double warm = 0;
    for (int i = 0; i < settings.warmup && warm < settings.budgetNs; ++i) {
        double t = sample(round++);
        if (t > 1e9) return {t, 1};  // a sample of seconds needs no warm-up, and is taken once
        warm += t;
    }
    std::vector<double> times;
    double total = 0;
    while ((int)times.size() < settings.maxSamples
           && (total < settings.budgetNs || ((int)times.size() < 3 && times.back() < 1e9))) {
        double t = sample(round++);
        times.push_back(t);
        total += t;
    }
    std::sort(times.begin(), times.end());
    return {times[times.size() / 2], (int)times.size()};
}

template <typename Body>
static double timed(Body body) {
    auto start = Clock::now();
    body();
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

static void print(const char* shape, int n, const char* what, std::pair<double, int> result) {
    std::printf("kiwi:%s:%d:%s %.0f %d\n", shape, n, what, result.first, result.second);
    std::fflush(stdout);
}

// --one: what callgrind counts (everything this function calls, nothing else).
static ShapeSystem* probeSystem = nullptr;
static EnamlLike* probeEnaml = nullptr;
static int probeMeasure = 0;  // 0 first pass, 1 constant change, 2 resize, 3 enaml-like update

extern "C" __attribute__((noinline)) void kiwi_measure_once(int round) {
    switch (probeMeasure) {
    case 0: probeSystem->build(); break;
    case 1: probeSystem->changeConstant(round); break;
    case 2: probeSystem->resize(round); break;
    default: probeEnaml->update(round); break;
    }
}

static int runOne(int argc, char** argv) {
    std::string shapeName = argv[2], measureName = argv[4];
    int n = std::atoi(argv[3]), reps = std::atoi(argv[5]);
    std::string system = argc >= 8 && std::strcmp(argv[6], "--system") == 0 ? argv[7] : "";
    if (shapeName == "enaml-like") {
        static EnamlLike enaml;
        if (system.empty() || !enaml.load(system)) { std::fprintf(stderr, "kiwi_driver: no enaml-like system (--system FILE)\n"); return 2; }
        probeEnaml = &enaml;
        probeMeasure = 3;
        CALLGRIND_START_INSTRUMENTATION;
        for (int i = 0; i < reps; ++i) kiwi_measure_once(i);
        return 0;
    }
    Shape shape;
    if (!parseShape(shapeName, shape) || n < 1) { std::fprintf(stderr, "kiwi_driver: bad shape or size\n"); return 2; }
    probeMeasure = measureName == "first-pass" ? 0 : measureName == "constant-change" ? 1 : measureName == "resize" ? 2 : -1;
    if (probeMeasure < 0) { std::fprintf(stderr, "kiwi_driver: unknown measure %s\n", measureName.c_str()); return 2; }
    std::unique_ptr<ShapeSystem> system_(new ShapeSystem(shape, n));
    if (probeMeasure != 0) system_->build();
    CALLGRIND_START_INSTRUMENTATION;
    for (int i = 0; i < reps; ++i) {
        if (probeMeasure == 0 && i > 0) system_.reset(new ShapeSystem(shape, n));
        probeSystem = system_.get();
        kiwi_measure_once(i);
    }
    return 0;
}

int main(int argc, char** argv) {
    if (argc >= 6 && std::strcmp(argv[1], "--one") == 0) return runOne(argc, argv);
    bool quick = false;
    std::string system;
    std::vector<int> sizes;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) quick = true;
        else if (std::strcmp(argv[i], "--shape") == 0 && i + 1 < argc) only = argv[++i];
        else if (std::strcmp(argv[i], "--system") == 0 && i + 1 < argc) system = argv[++i];
        else if (std::strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            std::stringstream list(argv[++i]);
            std::string item;
            while (std::getline(list, item, ',')) sizes.push_back(std::atoi(item.c_str()));
        } else {
            std::fprintf(stderr, "usage: kiwi_driver [--quick] [--sizes N,N,...] [--shape SHAPE] [--system FILE]\n"
                                 "       kiwi_driver --one SHAPE N MEASURE REPS [--system FILE]\n");
            return 2;
        }
    }
    if (sizes.empty()) sizes = {100, 1000, 10000};
    // BenchmarkSettings.configuration of the Swift suite: warm-up, time budget, sample cap.
    const Settings settings = quick ? Settings{2, 150e6, 200} : Settings{10, 1e9, 2000};
    const char* shapeNames[] = {"independent", "dependent", "nested"};
    for (const char* name : shapeNames) {
        Shape shape;
        parseShape(name, shape);
        if (!only.empty() && only != name) continue;
        for (int n : sizes) {
            std::unique_ptr<ShapeSystem> built;
            auto firstPass = [&](int) {
                built.reset();
                std::unique_ptr<ShapeSystem> s(new ShapeSystem(shape, n));
                double t = timed([&] { s->build(); });
                built = std::move(s);
                return t;
            };
            print(name, n, "first-pass", measure(settings, firstPass));
            // The incremental measures on the last system built.
            print(name, n, "constant-change", measure(settings, [&](int round) { return timed([&] { built->changeConstant(round); }); }));
            print(name, n, "resize", measure(settings, [&](int round) { return timed([&] { built->resize(round); }); }));
        }
    }
    if (!system.empty()) {
        EnamlLike enaml;
        if (!enaml.load(system)) { std::fprintf(stderr, "kiwi_driver: cannot read %s\n", system.c_str()); return 1; }
        int base = 0;
        print("enaml-like", 0, "update", measure(settings, [&](int) {
            double t = timed([&] { for (int i = 0; i < 1000; ++i) enaml.update(base + i); });
            base += 1000;
            return t / 1000;
        }));
    }
    return 0;
}
