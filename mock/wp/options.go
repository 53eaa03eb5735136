package wp

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // timezone_string names a zone whatever the machine has installed

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// option.php and the settings WordPress registers (register_initial_settings): the
// options a new site starts with (populate_options), the ones shown in the REST API
// as settings with their schema and sanitize_option's rule, and what reads them:
// get_option, the site's time zone (wp_timezone) and the index's gmt_offset.

// DefaultOptions are the options of a new site titled name (populate_options, as
// WordPress's installer sets them: the time zone UTC, pretty permalinks).
func DefaultOptions(name, description string) store.Options {
	return store.Options{
		"blogname": name, "blogdescription": description, "admin_email": "admin@example.com",
		"timezone_string": "", "gmt_offset": "0", "date_format": "F j, Y", "time_format": "g:i a",
		"start_of_week": 1, "use_smilies": true, "default_category": 1, "default_post_format": "0",
		"posts_per_page": 10, "show_on_front": "posts", "page_on_front": 0, "page_for_posts": 0,
		"default_ping_status": "open", "default_comment_status": "open", "site_icon": 0,
		"permalink_structure": "/%postname%/",
	}
}

// Setting is an option registered with show_in_rest (register_setting), as
// WP_REST_Settings_Controller serves it at /wp/v2/settings.
type Setting struct {
	Name   string // its name in the API ("title")
	Option string // the option ("blogname")
	Type   string // string, integer, boolean
	// Label is register_setting's label (6.8 prints it as the schema's title).
	Label       string
	Description string
	// Default is the registered default, what get_option answers for an unset option
	// (nil: null).
	Default any
	Format  string // uri, email
	Enum    []any
	// Sanitize is sanitize_option's rule for a value of the setting's type: the value
	// to keep, or false to keep the old one (WordPress only notes the error).
	Sanitize func(v any) (any, bool)
	// Site: a setting the site registered (register_setting, settings.go), with
	// Schema its show_in_rest schema (nil: none).
	Site   bool
	Schema wpfunc.Object
}

func keep(v any) (any, bool) { return v, true }

// absint is sanitize_option's absint() of the integer options.
func absint(v any) (any, bool) {
	n, _ := v.(int)
	if n < 0 {
		n = -n
	}
	return n, true
}

// Settings are the settings WordPress 6.1, 6.8 and 7.1 register for the REST API, in
// registration order.
var Settings = []*Setting{
	{Name: "title", Option: "blogname", Type: "string", Label: "Title", Description: "Site title.",
		Sanitize: func(v any) (any, bool) { return wpfunc.EscHTML(v.(string)), true }},
	{Name: "description", Option: "blogdescription", Type: "string", Label: "Tagline", Description: "Site tagline.",
		Sanitize: func(v any) (any, bool) { return wpfunc.EscHTML(v.(string)), true }},
	{Name: "url", Option: "siteurl", Type: "string", Description: "Site URL.", Format: "uri",
		Sanitize: func(v any) (any, bool) { return strings.TrimRight(strings.TrimSpace(v.(string)), "/"), true }},
	{Name: "email", Option: "admin_email", Type: "string", Description: "This address is used for admin purposes, like new user notification.", Format: "email",
		Sanitize: keep},
	{Name: "timezone", Option: "timezone_string", Type: "string", Description: "A city in the same timezone as you.",
		Sanitize: func(v any) (any, bool) {
			s := v.(string)
			return s, s == "" || ValidTimezone(s)
		}},
	{Name: "date_format", Option: "date_format", Type: "string", Description: "A date format for all date strings.",
		Sanitize: func(v any) (any, bool) { return wpfunc.StripTags(v.(string)), true }},
	{Name: "time_format", Option: "time_format", Type: "string", Description: "A time format for all time strings.",
		Sanitize: func(v any) (any, bool) { return wpfunc.StripTags(v.(string)), true }},
	{Name: "start_of_week", Option: "start_of_week", Type: "integer", Description: "A day number of the week that the week should start on.", Sanitize: absint},
	{Name: "language", Option: "WPLANG", Type: "string", Description: "WordPress locale code.", Default: "en_US",
		// only the languages installed, and the site has none but English
		Sanitize: func(v any) (any, bool) { return v, v == "" }},
	{Name: "use_smilies", Option: "use_smilies", Type: "boolean", Description: "Convert emoticons like :-) and :-P to graphics on display.", Default: true, Sanitize: keep},
	{Name: "default_category", Option: "default_category", Type: "integer", Description: "Default post category.", Sanitize: absint},
	{Name: "default_post_format", Option: "default_post_format", Type: "string", Description: "Default post format.", Sanitize: keep},
	{Name: "posts_per_page", Option: "posts_per_page", Type: "integer", Label: "Maximum posts per page", Description: "Blog pages show at most.", Default: 10,
		Sanitize: func(v any) (any, bool) {
			n := v.(int)
			switch {
			case n == 0:
				n = 1
			case n < -1:
				n = -n
			}
			return n, true
		}},
	{Name: "show_on_front", Option: "show_on_front", Type: "string", Label: "Show on front", Description: "What to show on the front page", Sanitize: keep},
	{Name: "page_on_front", Option: "page_on_front", Type: "integer", Label: "Page on front", Description: "The ID of the page that should be displayed on the front page", Sanitize: absint},
	{Name: "page_for_posts", Option: "page_for_posts", Type: "integer", Description: "The ID of the page that should display the latest posts", Sanitize: absint},
	{Name: "default_ping_status", Option: "default_ping_status", Type: "string", Description: "Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.",
		Enum: []any{"open", "closed"}, Sanitize: keep},
	{Name: "default_comment_status", Option: "default_comment_status", Type: "string", Label: "Allow comments on new posts", Description: "Allow people to submit comments on new posts.",
		Enum: []any{"open", "closed"}, Sanitize: keep},
	{Name: "site_logo", Option: "site_logo", Type: "integer", Label: "Logo", Description: "Site logo.", Sanitize: keep},
	{Name: "site_icon", Option: "site_icon", Type: "integer", Label: "Icon", Description: "Site icon.", Sanitize: absint},
}

// SettingNamed is the setting of an API name ("title"), or nil.
func SettingNamed(name string) *Setting {
	for _, s := range Settings {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// FindSetting is the setting of an option, or nil.
func FindSetting(option string) *Setting {
	for _, s := range Settings {
		if s.Option == option {
			return s
		}
	}
	return nil
}

// OptionString is get_option for a string option: "" when it is unset or not a string.
func OptionString(tx *store.Tx, name string) string {
	v, _ := tx.Option(name)
	s, _ := v.(string)
	return s
}

// OptionInt is (int) get_option.
func OptionInt(tx *store.Tx, name string) int {
	v, _ := tx.Option(name)
	switch v := v.(type) {
	case int:
		return v
	case float64:
		return int(v)
	case string:
		n, _ := strconv.Atoi(strings.TrimSpace(v))
		return n
	case bool:
		if v {
			return 1
		}
	}
	return 0
}

// zones are the time zones loaded so far by name: time.LoadLocation parses the zone's
// data on every call, and every write and every floating draft's date asks for it.
var zones sync.Map // string -> *time.Location

// loadZone is time.LoadLocation, once per name.
func loadZone(name string) (*time.Location, error) {
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err == nil {
		zones.Store(name, loc)
	}
	return loc, err
}

// ValidTimezone reports whether s names a time zone PHP knows (timezone_identifiers_list,
// and UTC).
func ValidTimezone(s string) bool {
	if s == "" || s == "Local" || strings.HasPrefix(s, "UTC+") || strings.HasPrefix(s, "UTC-") {
		return false
	}
	_, err := loadZone(s)
	return err == nil
}

// Timezone is wp_timezone: the zone timezone_string names, else a fixed offset of
// gmt_offset hours ("+05:30" for 5.5).
func Timezone(tx *store.Tx) *time.Location { return TimezoneOf(tx.Options()) }

// TimezoneOf is wp_timezone of a site with the options o.
func TimezoneOf(o store.Options) *time.Location {
	if tz, _ := o["timezone_string"].(string); tz != "" {
		if loc, err := loadZone(tz); err == nil {
			return loc
		}
	}
	hours := gmtOffset(o["gmt_offset"])
	if hours == 0 {
		return time.UTC
	}
	secs := int(math.Round(hours * 3600))
	return time.FixedZone(offsetName(secs), secs)
}

// gmtOffset is a gmt_offset option as a number of hours.
func gmtOffset(v any) float64 {
	switch v := v.(type) {
	case int:
		return float64(v)
	case float64:
		return v
	case string:
		f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return f
	}
	return 0
}

// offsetName is the ±HH:MM name of an offset in seconds.
func offsetName(secs int) string {
	sign := "+"
	if secs < 0 {
		sign, secs = "-", -secs
	}
	return sign + twoDigits(secs/3600) + ":" + twoDigits(secs%3600/60)
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// IndexGMTOffset is get_option('gmt_offset') as the index prints it: with a
// timezone_string, wp_timezone_override_offset's current offset in hours (a number:
// 1, or 5.5); else the option as kept (the string "0" of a new site).
func IndexGMTOffset(tx *store.Tx, now time.Time) any {
	if tz := OptionString(tx, "timezone_string"); tz != "" {
		if loc, err := loadZone(tz); err == nil {
			_, secs := now.In(loc).Zone()
			if secs%3600 == 0 {
				return secs / 3600
			}
			return float64(secs) / 3600
		}
	}
	v, ok := tx.Option("gmt_offset")
	if !ok {
		return false
	}
	return v
}

// The site's dates: WordPress keeps each date twice, in the site's time zone
// (post_date, post_modified, comment_date) and in UTC (the _gmt columns). The store
// keeps a local date as its wall clock in a time.Time of UTC.

// Local is the site's wall clock at the instant t (get_date_from_gmt).
func Local(tx *store.Tx, t time.Time) time.Time {
	l := t.In(Timezone(tx))
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
}

// GMT is the instant the site's wall clock reads local (get_gmt_from_date).
func GMT(tx *store.Tx, local time.Time) time.Time { return GMTIn(Timezone(tx), local) }

// GMTIn is the instant a wall clock in loc reads local.
func GMTIn(loc *time.Location, local time.Time) time.Time {
	return time.Date(local.Year(), local.Month(), local.Day(), local.Hour(), local.Minute(), local.Second(),
		local.Nanosecond(), loc).UTC()
}

// Now is current_time: the site's wall clock now, and the instant in UTC.
func Now(tx *store.Tx) (local, gmt time.Time) {
	gmt = tx.Now()
	return Local(tx, gmt), gmt
}
