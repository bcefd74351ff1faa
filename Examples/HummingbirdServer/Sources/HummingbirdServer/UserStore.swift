import Hummingbird

/// A store of user names standing in for a database.
enum UserStore {
    static func name(of id: Int) throws -> String {
        guard id >= 0 else { throw HTTPError(.notFound) }
        return "user \(id)"
    }
}
