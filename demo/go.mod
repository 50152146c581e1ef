module github.com/acme/acme-payments

go 1.23
