package auth

// UpsertCount is the statement that counts a request (ratelimit.go).
const UpsertCount = upsertCount
