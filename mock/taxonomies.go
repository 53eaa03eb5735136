package mock

import (
	"net/http"
	"slices"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// /wp/v2/taxonomies: WP_REST_Taxonomies_Controller. It lists every taxonomy WordPress
// shows in REST (create_initial_taxonomies), in each version, and the site's own: the
// ones the mock serves and stores (the registry's Taxonomies: category, post_tag,
// nav_menu, the dataset's) and the ones it only describes (wp.UnservedTaxonomies,
// taxonomiesunserved.go: wp_pattern_category), whose wp:items links point where
// WordPress's do, at routes the mock answers with rest_no_route. Only the registry's
// Taxonomies drive routes, post fields and search.

// Error codes of the taxonomies controller.
const (
	// codeTaxonomyInvalid: GET /taxonomies/<slug> for a taxonomy that is not registered.
	codeTaxonomyInvalid = "rest_taxonomy_invalid"
)

// Messages of the taxonomies controller.
const (
	msgTaxonomyInvalid = "Invalid taxonomy."
	// msgManageTerms is both rest_cannot_view (list) and rest_forbidden_context (item).
	msgManageTerms = "Sorry, you are not allowed to manage terms in this taxonomy."
)

// taxonomies is the /wp/v2/taxonomies resource.
type taxonomies struct {
	m    *Mock
	item *rest.Item[taxEntry]
	// listed are the taxonomies the version shows in REST, in registration order.
	listed []*taxEntry
}

// taxEntry is a taxonomy as one version shows it, built once at start.
type taxEntry struct {
	*wp.Taxonomy
	name   string
	labels rest.Object
}

type taxonomyField = rest.Field[taxEntry]

// find is the listed taxonomy slug, nil if the version does not show it.
func (res *taxonomies) find(slug string) *taxEntry {
	for _, e := range res.listed {
		if e.Slug == slug {
			return e
		}
	}
	return nil
}

// of is get_object_taxonomies(type) when type is given (not PHP-empty), else every
// taxonomy, less those not shown in REST.
func (res *taxonomies) of(typ string) []*taxEntry {
	if typ == "" || typ == "0" {
		return res.listed
	}
	var out []*taxEntry
	for _, e := range res.listed {
		if slices.Contains(e.Types, typ) {
			out = append(out, e)
		}
	}
	return out
}

func (res *taxonomies) declare() *rest.Item[taxEntry] {
	if res.item != nil {
		return res.item
	}
	for _, t := range res.m.reg.ShownTaxonomies(res.m.version) {
		e := &taxEntry{Taxonomy: t, labels: t.Labels.At(res.m.version)}
		name, _ := e.labels.Get("name")
		e.name, _ = name.(string)
		res.listed = append(res.listed, e)
	}
	ro := func(s *rest.Schema, ctx []string) *rest.Schema { return s.Ctx(ctx...).RO() }
	res.item = &rest.Item[taxEntry]{Title: "taxonomy", Links: res.links, ExactFields: true,
		// get_item_schema's order, which is not the output order.
		SchemaOrder: []string{"capabilities", "description", "hierarchical", "labels", "name", "slug",
			"show_cloud", "types", "rest_base", "rest_namespace", "visibility"},
		Fields: []*taxonomyField{
			rest.F(ro(rest.Str("name").Desc("The title for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.name }),
			rest.F(ro(rest.Str("slug").Desc("An alphanumeric identifier for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.Slug }),
			rest.F(ro(rest.Obj("capabilities").Desc("All capabilities used by the taxonomy."), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.Caps }),
			rest.F(ro(rest.Str("description").Desc("A human-readable description of the taxonomy."), viewEdit),
				func(_ *rest.Request, e *taxEntry) any { return e.Description }),
			rest.F(ro(rest.Obj("labels").Desc("Human-readable labels for the taxonomy for various contexts."), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.labels }),
			rest.F(ro(rest.Arr("types", rest.Str("")).Desc("Types associated with the taxonomy."), viewEdit),
				func(_ *rest.Request, e *taxEntry) any { return e.Types }),
			rest.F(ro(rest.Bool("show_cloud").Desc("Whether or not the term cloud should be displayed."), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.ShowCloud }),
			rest.F(ro(rest.Bool("hierarchical").Desc("Whether or not the taxonomy should have children."), viewEdit),
				func(_ *rest.Request, e *taxEntry) any { return e.Hierarchical }),
			rest.F(ro(rest.Str("rest_base").Desc("REST base route for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.RestBase }),
			rest.F(ro(rest.Str("rest_namespace").Desc("REST namespace route for the taxonomy."), all),
				func(_ *rest.Request, e *taxEntry) any { return e.RESTNamespace() }),
			// The schema's property order differs from the output's.
			rest.F(ro(rest.Obj("visibility").Desc("The visibility settings for the taxonomy.").Props(
				rest.Bool("public").Desc("Whether a taxonomy is intended for use publicly either via the admin interface or by front-end users."),
				rest.Bool("publicly_queryable").Desc("Whether the taxonomy is publicly queryable."),
				rest.Bool("show_ui").Desc("Whether to generate a default UI for managing this taxonomy."),
				rest.Bool("show_admin_column").Desc("Whether to allow automatic creation of taxonomy columns on associated post-types table."),
				rest.Bool("show_in_nav_menus").Desc("Whether to make the taxonomy available for selection in navigation menus."),
				rest.Bool("show_in_quick_edit").Desc("Whether to show the taxonomy in the quick/bulk edit panel."),
			), editOnly),
				func(_ *rest.Request, e *taxEntry) any { return e.Visibility }),
		}}
	res.item = res.item.For(res.m.version)
	return res.item
}

// links is prepare_links: the collection and the taxonomy's terms; no self.
func (res *taxonomies) links(r *rest.Request, t *taxEntry) rest.Links {
	return rest.Links{}.
		Add("collection", r.RestURL("/"+Namespace+"/taxonomies")).
		Add("wp:items", r.RestURL(t.Route()))
}

func (res *taxonomies) routes() []*rest.Route {
	it := res.declare()
	base := "/" + Namespace + "/taxonomies"
	return []*rest.Route{
		// WordPress keys this collection by slug (get_items builds an object)
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Keyed: true}, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{
				contextArg(),
				rest.Str("type").Desc("Limit results to taxonomies associated with a specific post type."),
			}, Permission: res.listPermission, Handler: res.list},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<taxonomy>[\w-]+)`, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{
				rest.Str("taxonomy").Desc("An alphanumeric identifier for the taxonomy."), contextArg(),
			}, Permission: res.getPermission, Handler: res.get},
		}},
	}
}

// listPermission is get_items_permissions_check: the edit context needs assign_terms
// on one of the taxonomies asked for (none when type names a type without any).
func (res *taxonomies) listPermission(r *rest.Request) *rest.Error {
	if r.Context() != rest.Edit {
		return nil
	}
	for _, t := range res.of(r.String("type")) {
		if can(r, t.AssignCap()) {
			return nil
		}
	}
	return r.Forbidden(codeCannotView, msgManageTerms)
}

// list is get_items: an object keyed by slug, {} when nothing is left.
func (res *taxonomies) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := rest.Object{}
	for _, t := range res.of(r.String("type")) {
		if r.Context() == rest.Edit && !can(r, t.AssignCap()) {
			continue
		}
		out = append(out, rest.Member{Key: t.Slug, Value: orEmptyArray(res.item.Render(r, t))})
	}
	return rest.OK(out), nil // an empty Object prints {}, as WordPress's (object) cast
}

// getPermission is get_item_permissions_check. An unknown slug passes, for get_item to
// answer rest_taxonomy_invalid.
func (res *taxonomies) getPermission(r *rest.Request) *rest.Error {
	slug := r.String("taxonomy")
	t := res.find(slug)
	if t == nil {
		for _, h := range wp.HiddenTaxonomies {
			if h == slug {
				return r.Forbidden(rest.CodeForbidden, "Sorry, you are not allowed to do that.")
			}
		}
		return nil
	}
	if r.Context() == rest.Edit && !can(r, t.AssignCap()) {
		return r.Forbidden(codeForbiddenContext, msgManageTerms)
	}
	return nil
}

func (res *taxonomies) get(r *rest.Request) (*rest.Response, *rest.Error) {
	t := res.find(r.String("taxonomy"))
	if t == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeTaxonomyInvalid, msgTaxonomyInvalid)
	}
	return rest.OK(res.item.Render(r, t)), nil
}
