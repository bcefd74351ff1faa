import Foundation

extension IndexPath {
    /// A row in a section (UIKit's table view index path).
    public init(row: Int, section: Int) { self.init(section, row) }
    /// An item in a section (UIKit's collection view index path).
    public init(item: Int, section: Int) { self.init(section, item) }

    /// Two indexes, built without an array (an index path of two is stored inline).
    private init(_ first: Int, _ second: Int) {
        self.init(index: first)
        append(second)
    }
    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// The row: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// The item: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
