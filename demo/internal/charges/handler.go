// Package charges creates and captures charges.
package charges

import (
	"encoding/json"
	"net/http"

	"github.com/acme/acme-payments/internal/ledger"
	"github.com/acme/acme-payments/internal/money"
	"github.com/acme/acme-payments/internal/psp"
)

type captureBody struct {
	ChargeID string  `json:"charge_id"`
	Amount   float64 `json:"amount"`
	Currency string  `json:"currency"`
}

// NewHandler serves POST /v1/charges (capture of an authorised charge).
// A client retry after a network error captures and posts twice: the
// Idempotency-Key header is read nowhere yet (checkout/idempotency-keys).
func NewHandler(client *psp.Client, book *ledger.Book) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body captureBody
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, "invalid JSON body", http.StatusBadRequest)
			return
		}
		minor := money.ToMinor(body.Amount, body.Currency)
		if err := client.Capture(r.Context(), body.ChargeID, minor); err != nil {
			http.Error(w, "capture failed", http.StatusBadGateway)
			return
		}
		book.PostCapture(body.ChargeID, minor, body.Currency)
		w.WriteHeader(http.StatusCreated)
	})
}
