package main

import (
	"fmt"
	"net"
	"strconv"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
)

// pgProxy stands between the server and Postgres on a loopback TCP port,
// so a test can take "Postgres" away from one server without touching the
// shared one:
//   - down: every connection is cut and new ones are refused (a restart
//     or crash);
//   - stall: nothing is forwarded either way and new connections hang
//     after the TCP handshake (a network partition);
//   - up: back to forwarding; connections held during a stall are cut.
type pgProxy struct {
	t       *testing.T
	network string // of the real server: "unix" or "tcp"
	target  string
	addr    string

	mu     sync.Mutex
	ln     net.Listener
	conns  map[net.Conn]bool
	resume chan struct{} // not nil while stalled; closed by up
}

// newPGProxy starts a proxy to the server dsn names and returns it with a
// DSN for the same database through the proxy.
func newPGProxy(t *testing.T, dsn string) (*pgProxy, string) {
	t.Helper()
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{t: t, network: "tcp", target: net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), conns: map[net.Conn]bool{}}
	if len(cfg.Host) > 0 && cfg.Host[0] == '/' {
		p.network, p.target = "unix", fmt.Sprintf("%s/.s.PGSQL.%d", cfg.Host, cfg.Port)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.ln, p.addr = ln, ln.Addr().String()
	go p.accept(ln)
	t.Cleanup(func() {
		p.down()
		p.mu.Lock()
		if p.resume != nil {
			close(p.resume)
			p.resume = nil
		}
		p.mu.Unlock()
	})
	host, port, _ := net.SplitHostPort(p.addr)
	proxied := fmt.Sprintf("host=%s port=%s user=%s dbname=%s sslmode=disable", host, port, cfg.User, cfg.Database)
	if cfg.Password != "" {
		proxied += " password=" + cfg.Password
	}
	return p, proxied
}

func (p *pgProxy) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *pgProxy) handle(client net.Conn) {
	p.mu.Lock()
	stalled := p.resume != nil
	p.conns[client] = true
	p.mu.Unlock()
	if stalled {
		return // held open, silent, until up or down cuts it
	}
	server, err := net.Dial(p.network, p.target)
	if err != nil {
		p.drop(client)
		return
	}
	p.mu.Lock()
	p.conns[server] = true
	p.mu.Unlock()
	go p.pipe(server, client)
	p.pipe(client, server)
}

// pipe copies src to dst until either end closes, then closes both.
func (p *pgProxy) pipe(dst, src net.Conn) {
	defer p.drop(dst)
	defer p.drop(src)
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.waitUnstalled()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *pgProxy) waitUnstalled() {
	p.mu.Lock()
	ch := p.resume
	p.mu.Unlock()
	if ch != nil {
		<-ch
	}
}

func (p *pgProxy) drop(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	c.Close()
}

func (p *pgProxy) cutAll() {
	p.mu.Lock()
	conns := p.conns
	p.conns = map[net.Conn]bool{}
	p.mu.Unlock()
	for c := range conns {
		c.Close()
	}
}

// down cuts every connection and refuses new ones.
func (p *pgProxy) down() {
	p.mu.Lock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	p.mu.Unlock()
	p.cutAll()
}

// stall stops forwarding: queries in flight get no answer and new
// connections hang after the TCP handshake.
func (p *pgProxy) stall() {
	p.mu.Lock()
	if p.resume == nil {
		p.resume = make(chan struct{})
	}
	p.mu.Unlock()
}

// up forwards again on the same address, as a restarted Postgres would.
func (p *pgProxy) up() {
	p.t.Helper()
	p.mu.Lock()
	resume := p.resume
	p.resume = nil
	var held map[net.Conn]bool
	if resume != nil {
		// A partition long enough to matter ends with broken connections.
		held, p.conns = p.conns, map[net.Conn]bool{}
	}
	relisten := p.ln == nil
	p.mu.Unlock()
	for c := range held {
		c.Close()
	}
	if resume != nil {
		close(resume)
	}
	if relisten {
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			p.t.Fatalf("proxy: listening again on %s: %v", p.addr, err)
		}
		p.mu.Lock()
		p.ln = ln
		p.mu.Unlock()
		go p.accept(ln)
	}
}
