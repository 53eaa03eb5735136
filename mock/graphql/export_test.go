package graphql

// ListAndCut makes post connections list every match and cut the window from the
// list (queryPosts and cut) instead of seeking, for TestSeekIsCut to hold the two
// against each other.
func ListAndCut(on bool) { listAndCut = on }
