// Command pc-ferretdb serves the MongoDB wire protocol on SQLite files for the cluster profile's
// tests (scripts/engines/mongodb.sh). It embeds FerretDB v1 instead of building its own
// cmd/ferretdb, whose init panics without the version files its release build generates.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to serve MongoDB's wire protocol on")
	dir := flag.String("dir", "", "directory of the SQLite files, one per database (required)")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil || *dir == "" {
		flag.Usage()
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	// SIGTERM (mongodb.sh down) and SIGINT end Run, which closes the listener, the connections
	// and the SQLite databases before returning: a graceful stop keeps every committed write.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	db, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   logger,
		Handler:  "sqlite",
		// A directory URL: FerretDB requires the trailing slash and keeps one file per database.
		SQLiteURL: "file:" + *dir + "/",
	})
	if err != nil {
		logger.Error("cannot start", "error", err)
		os.Exit(1)
	}
	logger.Warn("serving", "listen", *listen, "dir", *dir, "pid", os.Getpid())
	if err := db.Run(ctx); err != nil {
		logger.Error("stopped with an error", "error", err)
		os.Exit(1)
	}
}
