module cloudplatform.test/conformance/linodego

go 1.24.0

require github.com/linode/linodego v1.60.0

require (
	github.com/go-resty/resty/v2 v2.16.5 // indirect
	github.com/google/go-querystring v1.1.0 // indirect
	golang.org/x/net v0.44.0 // indirect
	golang.org/x/text v0.29.0 // indirect
	gopkg.in/ini.v1 v1.66.6 // indirect
)
