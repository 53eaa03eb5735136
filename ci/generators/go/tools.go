//go:build tools

package tools

import _ "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen"
