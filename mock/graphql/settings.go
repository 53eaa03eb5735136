package graphql

import (
	"fmt"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The settings groups WPGraphQL registers from register_setting's show_in_graphql
// settings: each field is an option, typed as the setting is.

// setting is one field of a settings group: its option and its GraphQL type.
type setting struct {
	field, option, typ string
	// private: shown only to those who may manage_options (the admin email).
	private bool
}

// settingGroups are the groups and their fields, in WPGraphQL's order.
var settingGroups = []struct {
	typ, root string
	fields    []setting
}{
	{"GeneralSettings", "generalSettings", []setting{
		{"dateFormat", "date_format", "String", false}, {"description", "blogdescription", "String", false},
		{"email", "admin_email", "String", true}, {"language", "WPLANG", "String", false},
		{"startOfWeek", "start_of_week", "Int", false}, {"timeFormat", "time_format", "String", false},
		{"timezone", "timezone_string", "String", false}, {"title", "blogname", "String", false},
		{"url", "siteurl", "String", false}}},
	{"ReadingSettings", "readingSettings", []setting{
		{"pageForPosts", "page_for_posts", "Int", false}, {"pageOnFront", "page_on_front", "Int", false},
		{"postsPerPage", "posts_per_page", "Int", false}, {"showOnFront", "show_on_front", "String", false}}},
	{"WritingSettings", "writingSettings", []setting{
		{"defaultCategory", "default_category", "Int", false}, {"defaultPostFormat", "default_post_format", "String", false},
		{"useSmilies", "use_smilies", "Boolean", false}}},
	{"DiscussionSettings", "discussionSettings", []setting{
		{"defaultCommentStatus", "default_comment_status", "String", false}, {"defaultPingStatus", "default_ping_status", "String", false}}},
	{"PermalinkSettings", "permalinkSettings", []setting{
		{"categoryBase", "category_base", "String", false}, {"structure", "permalink_structure", "String", false},
		{"tagBase", "tag_base", "String", false}}},
}

// option is an option's value as a setting of its type shows it.
func (c *call) option(s setting) any {
	switch s.option {
	case "siteurl":
		return c.Home
	case "WPLANG":
		if v, _ := c.Tx.Option("WPLANG"); v == nil || v == "" {
			return "en_US"
		}
	case "timezone_string":
		return timezoneString(c.Tx)
	case "category_base", "tag_base": // unset is the default base, printed as ""
		return wp.OptionString(c.Tx, s.option)
	}
	v, ok := c.Tx.Option(s.option)
	if !ok {
		return nil
	}
	switch s.typ {
	case "Int":
		return toInt(v)
	case "Boolean":
		switch x := v.(type) {
		case bool:
			return x
		default:
			return toInt(v) != 0 || x == "true"
		}
	}
	if v == nil {
		return nil
	}
	return fmt.Sprint(v)
}

func settingsDecls() (types []*typeDecl, root []*fieldDecl) {
	for _, g := range settingGroups {
		// a group is a Node: its id is Relay's of "setting_group:<group>"
		d := &typeDecl{Name: g.typ, Kind: object, Implements: []string{"Node"}, Fields: []*fieldDecl{
			f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) {
				return globalID(kindSettingGroup, p.(settingsValue).group), nil
			})}}
		for _, s := range g.fields {
			s := s
			d.Fields = append(d.Fields, f(s.field, s.typ, func(c *call, _ any, _ map[string]any) (any, error) {
				if s.private && (c.Actor == nil || !c.Actor.Can("manage_options")) {
					return nil, nil
				}
				return c.option(s), nil
			}))
		}
		types = append(types, d)
		v := settingsValue{typ: g.typ, group: settingGroup(g.typ)}
		root = append(root, f(g.root, g.typ, func(*call, any, map[string]any) (any, error) { return v, nil }))
	}
	return types, root
}

// settingsValue is a settings group's value (its type and group, "general"), or
// allSettings' (no group): its fields read the options.
type settingsValue struct{ typ, group string }

// settingGroup is the register_setting group of a settings type: GeneralSettings is
// "general".
func settingGroup(typ string) string { return strings.ToLower(strings.TrimSuffix(typ, "Settings")) }

// settingsNode is the settings group a global id's group names (nil when none).
func settingsNode(group string) any {
	for _, g := range settingGroups {
		if settingGroup(g.typ) == group {
			return settingsValue{typ: g.typ, group: group}
		}
	}
	return nil
}

// timezoneString is wp_timezone_string: the time zone's name, else the GMT offset
// as ±HH:MM.
func timezoneString(tx *store.Tx) string {
	if s := wp.OptionString(tx, "timezone_string"); s != "" {
		return s
	}
	_, offset := tx.Now().In(wp.Timezone(tx)).Zone()
	sign := "+"
	if offset < 0 {
		sign, offset = "-", -offset
	}
	return fmt.Sprintf("%s%02d:%02d", sign, offset/3600, offset%3600/60)
}
