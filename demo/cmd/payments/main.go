// Command payments serves the charges and refunds API.
package main

import (
	"flag"
	"log"
	"net/http"
	"time"

	"github.com/acme/acme-payments/internal/charges"
	"github.com/acme/acme-payments/internal/ledger"
	"github.com/acme/acme-payments/internal/psp"
	"github.com/acme/acme-payments/internal/refunds"
)

func main() {
	addr := flag.String("addr", ":8080", "listen address")
	pspURL := flag.String("psp-url", "http://localhost:9090", "payment service provider base URL")
	flag.Parse()

	client := psp.NewClient(*pspURL, 10*time.Second)
	book := ledger.NewBook()

	mux := http.NewServeMux()
	mux.Handle("POST /v1/charges", charges.NewHandler(client, book))
	mux.Handle("POST /v1/refunds", refunds.NewHandler(refunds.NewService(client, book)))

	log.Printf("payments listening on %s", *addr)
	log.Fatal(http.ListenAndServe(*addr, mux))
}
