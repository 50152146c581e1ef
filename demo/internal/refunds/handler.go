package refunds

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/acme/acme-payments/internal/money"
)

type refundBody struct {
	ChargeID string  `json:"charge_id"`
	Amount   float64 `json:"amount"`
	Currency string  `json:"currency"`
}

// NewHandler serves POST /v1/refunds.
func NewHandler(svc *Service) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body refundBody
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, "invalid JSON body", http.StatusBadRequest)
			return
		}
		id, err := svc.Refund(r.Context(), Request{
			ChargeID:       body.ChargeID,
			AmountMinor:    money.ToMinor(body.Amount, body.Currency),
			Currency:       body.Currency,
			IdempotencyKey: r.Header.Get("Idempotency-Key"),
		})
		switch {
		case errors.Is(err, ErrExceedsCapture):
			http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		case err != nil:
			http.Error(w, "refund failed", http.StatusBadGateway)
		default:
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]string{"refund_id": id})
		}
	})
}
