import LifetraceUI
import Testing

/// A scenario with frames computed by hand from Apple's semantics (the four classes where the engine once followed kiwi's rules or its own), for
/// ``AppleLayoutHandCaseTests``: checked against the runtime and against the model alike.
struct AppleLayoutHandCase: Sendable, CustomTestStringConvertible {
    var name: String
    var scenario: AppleLayoutScenario
    /// After the step that is line `step` + 1: each named view's frame in its superview.
    var expected: [(step: Int, frames: [String: Rect])]

    var testDescription: String { name }

    init(_ name: String, _ text: String, expected: [(step: Int, frames: [String: Rect])]) {
        self.name = name
        scenario = AppleLayoutScenario(lines: text.split(separator: "\n").map(String.init))
        self.expected = expected
    }

    /// Where `frames` differ from what is expected after `step` (a view `frames` lacks too, unless
    /// `ignoringMissing`).
    func mismatches(after step: Int, _ frames: [String: Rect], ignoringMissing: Bool = false) -> [String] {
        guard let wanted = expected.first(where: { $0.step == step })?.frames else { return [] }
        return wanted.sorted { $0.key < $1.key }.compactMap { name, frame in
            guard let actual = frames[name] else { return ignoringMissing ? nil : "\(name): missing, expected \(frame)" }
            let close = zip(AppleLayoutComparison.values(actual), AppleLayoutComparison.values(frame)).allSatisfy {
                abs($0 - $1) <= AppleLayoutComparison.tolerance
            }
            return close ? nil : "\(name): \(actual), expected \(frame)"
        }
    }

    /// Class 1: optional constraints cannot resize the window. Four 50x20 labels pinned 10 from
    /// the top and the bottom of the root view, side by side: each label's hugging (250) wants
    /// 20 points of height, but the root view keeps the window's size (required), so each label
    /// is 844 - 20 = 824 tall (370 in landscape), and nothing conflicts.
    static let windowSize = AppleLayoutHandCase(
        "class 1: four hugging labels pinned top and bottom do not resize the root view",
        """
        view L1 in Home intrinsic=50x20
        view L2 in Home intrinsic=50x20
        view L3 in Home intrinsic=50x20
        view L4 in Home intrinsic=50x20
        constrain a1 L1.top == Home.top + 10
        constrain b1 L1.bottom == Home.bottom - 10
        constrain a2 L2.top == Home.top + 10
        constrain b2 L2.bottom == Home.bottom - 10
        constrain a3 L3.top == Home.top + 10
        constrain b3 L3.bottom == Home.bottom - 10
        constrain a4 L4.top == Home.top + 10
        constrain b4 L4.bottom == Home.bottom - 10
        constrain x1 L1.leading == Home.leading
        constrain x2 L2.leading == L1.trailing
        constrain x3 L3.leading == L2.trailing
        constrain x4 L4.leading == L3.trailing
        launch Home
        rotate landscape
        """,
        expected: [
            (16, row(of: 4, width: 50, height: 824, root: Size(width: 390, height: 844))),
            (17, row(of: 4, width: 50, height: 370, root: Size(width: 844, height: 390))),
        ])

    private static func row(of count: Int, width: Double, height: Double, root: Size) -> [String: Rect] {
        var frames = ["Home": Rect(origin: Point(x: 0, y: 0), size: root)]
        for index in 0..<count {
            frames["L\(index + 1)"] = Rect(x: Double(index) * width, y: 10, width: width, height: height)
        }
        return frames
    }

    /// Class 2: priorities are an order. One width at 750 beats four at 250 (100, not 200);
    /// then a fillEqually row (spacing 0) of one view whose intrinsic width is 80 and three of 20:
    /// the 80-wide view's compression resistance (750) beats the three others' hugging (250), so
    /// every view is 80 wide and the row 320.
    static let priorityOrder = AppleLayoutHandCase(
        "class 2: one constraint at 750 beats four at 250; compression resistance beats three huggings",
        """
        view Bar in Home
        constrain bl Bar.leading == Home.leading + 10
        constrain bt Bar.top == Home.top + 100
        constrain bh Bar.height == 20
        constrain narrow Bar.width == 100 priority=750
        constrain w1 Bar.width == 200 priority=250
        constrain w2 Bar.width == 200 priority=250
        constrain w3 Bar.width == 200 priority=250
        constrain w4 Bar.width == 200 priority=250
        stack Row in Home axis=horizontal spacing=0 alignment=fill distribution=fillEqually
        view A in Row intrinsic=80x20
        view B in Row intrinsic=20x20
        view C in Row intrinsic=20x20
        view D in Row intrinsic=20x20
        constrain rl Row.leading == Home.leading + 10
        constrain rt Row.top == Home.top + 200
        launch Home
        """,
        expected: [
            (
                16,
                [
                    "Bar": Rect(x: 10, y: 100, width: 100, height: 20), "Row": Rect(x: 10, y: 200, width: 320, height: 20),
                    "A": Rect(x: 0, y: 0, width: 80, height: 20), "B": Rect(x: 80, y: 0, width: 80, height: 20),
                    "C": Rect(x: 160, y: 0, width: 80, height: 20), "D": Rect(x: 240, y: 0, width: 80, height: 20),
                ]
            )
        ])

    /// Class 3: stack views have a fitting size. A horizontal, center-aligned row of three 60x40
    /// views (spacing 8) is as tall as its views, 40, before and after one is hidden and shown
    /// again (196 wide, 128 while B is hidden); an equalSpacing row (spacing 10) of 30x20 and 50x20
    /// takes its least length, 90; leading- and trailing-aligned columns of 40x20 and 80x30
    /// (spacing 4) are as wide as their widest view, 80, and 54 tall.
    static let stackFittingSize = AppleLayoutHandCase(
        "class 3: stack views take their fitting size, before and after hide and show",
        """
        check-ambiguity on
        stack Row in Home axis=horizontal spacing=8 alignment=center distribution=fill
        view A in Row intrinsic=60x40
        view B in Row intrinsic=60x40
        view C in Row intrinsic=60x40
        constrain rl Row.leading == Home.leading + 20
        constrain rt Row.top == Home.top + 100
        constrain rb Row.bottom <= Home.bottom - 10
        stack Spread in Home axis=horizontal spacing=10 alignment=fill distribution=equalSpacing
        view P in Spread intrinsic=30x20
        view Q in Spread intrinsic=50x20
        constrain sl Spread.leading == Home.leading + 20
        constrain st Spread.top == Home.top + 200
        stack Left in Home axis=vertical spacing=4 alignment=leading distribution=fill
        view E in Left intrinsic=40x20
        view F in Left intrinsic=80x30
        constrain ll Left.leading == Home.leading + 20
        constrain lt Left.top == Home.top + 300
        stack Right in Home axis=vertical spacing=4 alignment=trailing distribution=fill
        view G in Right intrinsic=40x20
        view H in Right intrinsic=80x30
        constrain gl Right.leading == Home.leading + 200
        constrain gt Right.top == Home.top + 300
        launch Home
        hide B
        show B
        """,
        expected: [
            (
                23,
                [
                    "Row": Rect(x: 20, y: 100, width: 196, height: 40), "B": Rect(x: 68, y: 0, width: 60, height: 40),
                    "Spread": Rect(x: 20, y: 200, width: 90, height: 20), "Q": Rect(x: 40, y: 0, width: 50, height: 20),
                    "Left": Rect(x: 20, y: 300, width: 80, height: 54), "E": Rect(x: 0, y: 0, width: 40, height: 20),
                    "Right": Rect(x: 200, y: 300, width: 80, height: 54), "G": Rect(x: 40, y: 0, width: 40, height: 20),
                ]
            ),
            (24, ["Row": Rect(x: 20, y: 100, width: 128, height: 40), "C": Rect(x: 68, y: 0, width: 60, height: 40)]),
            (
                25,
                [
                    "Row": Rect(x: 20, y: 100, width: 196, height: 40), "B": Rect(x: 68, y: 0, width: 60, height: 40),
                    "C": Rect(x: 136, y: 0, width: 60, height: 40),
                ]
            ),
        ])

    /// Class 4: positions are in the container's coordinates. `Dot.centerX == Card.centerX * 0.5`
    /// with Dot in Card: Card's centre in Card's coordinates is 100 (it is 200 wide), so Dot's
    /// centre is at 50, Dot at x 45 (centerY: 45 too), wherever Card is; 75 - 5 = 70 once Card is
    /// 300 wide.
    static let containerCoordinates = AppleLayoutHandCase(
        "class 4: a position multiplier acts in the container's coordinates",
        """
        view Card in Home
        view Dot in Card intrinsic=10x10
        constrain cl Card.leading == Home.leading + 20
        constrain ct Card.top == Home.top + 100
        constrain cw Card.width == 200
        constrain ch Card.height == 100
        constrain dx Dot.centerX == Card.centerX * 0.5
        constrain dy Dot.centerY == Card.centerY
        launch Home
        set-constant cl 60
        set-constant ct 300
        set-constant cw 300
        """,
        expected: [
            (8, ["Card": Rect(x: 20, y: 100, width: 200, height: 100), "Dot": Rect(x: 45, y: 45, width: 10, height: 10)]),
            (9, ["Card": Rect(x: 60, y: 100, width: 200, height: 100), "Dot": Rect(x: 45, y: 45, width: 10, height: 10)]),
            (10, ["Card": Rect(x: 60, y: 300, width: 200, height: 100), "Dot": Rect(x: 45, y: 45, width: 10, height: 10)]),
            (11, ["Card": Rect(x: 60, y: 300, width: 300, height: 100), "Dot": Rect(x: 70, y: 45, width: 10, height: 10)]),
        ])

    static let all = [windowSize, priorityOrder, stackFittingSize, containerCoordinates]
}
