// Package refunds handles refund requests.
package refunds

import (
	"context"
	"errors"
	"fmt"

	"github.com/acme/acme-payments/internal/ledger"
	"github.com/acme/acme-payments/internal/psp"
)

// ErrExceedsCapture is returned when the refunds of a charge would exceed what was captured.
var ErrExceedsCapture = errors.New("refund exceeds the captured amount")

// Service refunds captured charges and books the ledger postings.
type Service struct {
	psp  *psp.Client
	book *ledger.Book
}

// NewService wires a Service.
func NewService(client *psp.Client, book *ledger.Book) *Service {
	return &Service{psp: client, book: book}
}

// Request is one refund request from the API.
type Request struct {
	ChargeID       string
	AmountMinor    int64
	Currency       string
	IdempotencyKey string // accepted but not enforced yet (checkout/idempotency-keys)
}

// Refund calls the PSP synchronously, inside the API request. Under load the
// PSP's p99 exceeds the API gateway's 15 s budget (payments/refund-timeout).
func (s *Service) Refund(ctx context.Context, req Request) (string, error) {
	captured, refunded := s.book.Captured(req.ChargeID), s.book.Refunded(req.ChargeID)
	if refunded+req.AmountMinor > captured {
		return "", ErrExceedsCapture
	}
	res, err := s.psp.Refund(ctx, psp.RefundRequest{
		ChargeID:    req.ChargeID,
		AmountMinor: req.AmountMinor,
		Currency:    req.Currency,
	})
	if err != nil {
		return "", fmt.Errorf("refund %s: %w", req.ChargeID, err)
	}
	s.book.PostRefund(req.ChargeID, res.ID, req.AmountMinor, req.Currency)
	return res.ID, nil
}
