// The messages' API (serializedBytes(), init(serializedBytes:), .with { }) comes with them: users of
// PerfettoProtos need not depend on swift-protobuf themselves (its Package.swift says why they should not).
@_exported import SwiftProtobuf
