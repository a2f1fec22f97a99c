// Command ferretdb runs FerretDB v1 with its SQLite backend as the shop's embedded database.
//
// It wraps FerretDB's embeddable package instead of building cmd/ferretdb: the module proxy refuses
// the version list that `go install ...@v1.24.2` reads, and cmd/ferretdb built outside FerretDB's own
// repository panics for want of a generated build/version/version.txt.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27117", "TCP address to listen on")
	sqliteURL := flag.String("sqlite-url", "file:data/", "SQLite URI of the data directory")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	pprofAddr := flag.String("pprof-addr", "", "TCP address for Go's profiler (net/http/pprof); off when empty")
	noIndexPushdown := flag.Bool("no-index-pushdown", false, "answer queries as stock FerretDB does, not from indexes (README.md)")
	noFastDecode := flag.Bool("no-fast-decode", false, "read documents with stock FerretDB's decoder (README.md)")
	rescanIndexStats := flag.Bool("rescan-index-stats", false, "compute the index stats again from the documents (README.md)")
	flag.Parse()

	ferretdb.SetIndexPushdown(!*noIndexPushdown)
	ferretdb.SetRescanIndexStats(*rescanIndexStats)
	ferretdb.SetFastDecode(!*noFastDecode)

	if *pprofAddr != "" {
		go func() {
			if err := http.ListenAndServe(*pprofAddr, nil); err != nil {
				fmt.Fprintf(os.Stderr, "ferretdb: profiler: %s\n", err)
			}
		}()
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: bad --log-level %q\n", *logLevel)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	db, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listenAddr},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: *sqliteURL,
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: %s\n", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	fmt.Fprintf(os.Stderr, "ferretdb: listening on %s\n", *listenAddr)
	if err := db.Run(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintf(os.Stderr, "ferretdb: %s\n", err)
		os.Exit(1)
	}
}
