# syntax=docker/dockerfile:1
# Build stage: a static binary with the shipped course, migrations and
# static files embedded.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/practicum ./cmd/practicum

# Run stage: nothing but the binary, as a non-root user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/practicum /usr/local/bin/practicum
USER nonroot:nonroot
EXPOSE 8080
ENV ADDR=:8080 LOG_FORMAT=json
ENTRYPOINT ["/usr/local/bin/practicum"]
CMD ["serve"]
