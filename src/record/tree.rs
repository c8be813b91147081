//! The record as SGF holds it: a tree of nodes, every variation at any depth, every property
//! kept as it was written (values unescaped, in file order) — the ones we understand and the
//! ones we do not. As sgfmill's `Sgf_game` and Sabaki's game tree do, the record *is* this
//! tree: the session's game is the replay of its main line ([`crate::record::replay`]), review
//! walks it, and the writer puts it back as it came.
//!
//! The nodes live in one arena (a node names its parent and children by [`NodeId`]) and every
//! walk is a loop, never a recursion: a file with a line of ten thousand nodes or variations
//! nested a thousand deep cannot overflow the stack.

/// One node: its properties in file order, values unescaped (a property repeated in one node,
/// `AB[aa]AB[bb]`, is one property with all its values, as sgfmill and the other readers do).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Node {
    pub props: Vec<(String, Vec<String>)>,
}

/// A node of a [`Tree`]: an index into its arena (stable while the tree lives; removing a
/// node never renumbers the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);

    /// The index in the arena (for tables kept beside a tree).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
struct Entry {
    node: Node,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    /// Where the node starts in the text it was read from (bytes), for error messages.
    offset: Option<u32>,
}

/// A game tree. Equality compares the trees (nodes and their order of children), not how the
/// arena happens to hold them.
#[derive(Clone, Debug)]
pub struct Tree {
    entries: Vec<Entry>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new(Node::default())
    }
}

impl Tree {
    /// A tree of one node, the root.
    pub fn new(root: Node) -> Tree {
        Tree {
            entries: vec![Entry {
                node: root,
                parent: None,
                children: Vec::new(),
                offset: None,
            }],
        }
    }

    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.entries[id.index()].node
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.entries[id.index()].node
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.entries[id.index()].parent
    }

    /// The lines that follow a node: the first is the main line's continuation.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.entries[id.index()].children
    }

    /// Where the node began in the text it was read from, in bytes (none for a node made here).
    pub fn offset(&self, id: NodeId) -> Option<usize> {
        self.entries[id.index()].offset.map(|o| o as usize)
    }

    /// Adds `node` as the last child of `parent`.
    pub fn add_child(&mut self, parent: NodeId, node: Node) -> NodeId {
        self.add(parent, node, None)
    }

    pub(crate) fn add(&mut self, parent: NodeId, node: Node, offset: Option<usize>) -> NodeId {
        let id = NodeId(self.entries.len() as u32);
        self.entries.push(Entry {
            node,
            parent: Some(parent),
            children: Vec::new(),
            offset: offset.map(|o| o as u32),
        });
        self.entries[parent.index()].children.push(id);
        id
    }

    pub(crate) fn set_root_offset(&mut self, offset: usize) {
        self.entries[0].offset = Some(offset as u32);
    }

    /// Removes a leaf (a node with no children) from the tree; `false` for the root or a node
    /// that has children.
    pub fn remove_leaf(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.parent(id) else {
            return false;
        };
        if !self.children(id).is_empty() {
            return false;
        }
        self.entries[parent.index()].children.retain(|&c| c != id);
        if id.index() + 1 == self.entries.len() {
            self.entries.pop();
        } else {
            // Left in the arena, out of the tree: nothing reaches it any more.
            self.entries[id.index()].parent = None;
        }
        true
    }

    /// The nodes from the root to `id`, both included.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(p) = self.parent(at) {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// The main line: the root, then the first child of each node.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(self.root())
    }

    /// `id` and the first child of each node after it, to the end of that line.
    pub fn line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = vec![id];
        let mut at = id;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The last node of the main line.
    pub fn main_tail(&self) -> NodeId {
        let mut at = self.root();
        while let Some(&next) = self.children(at).first() {
            at = next;
        }
        at
    }

    /// Every node of the tree, in the order SGF writes them (depth first, first child first).
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.entries.len());
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            out.push(id);
            stack.extend(self.children(id).iter().rev());
        }
        out
    }

    /// How many nodes the tree holds.
    pub fn len(&self) -> usize {
        self.preorder().len()
    }

    /// Whether the tree is a root alone, with no properties.
    pub fn is_empty(&self) -> bool {
        self.children(self.root()).is_empty() && self.node(self.root()).props.is_empty()
    }

    /// The tree written as SGF: `(;…` with each node's properties in their order, values
    /// escaped, each variation in its own parentheses.
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out.push('\n');
        out
    }

    /// Appends the tree as SGF to `out`.
    pub fn write(&self, out: &mut String) {
        enum Work {
            /// A game tree: `(`, the sequence from this node, its branches, `)`.
            Tree(NodeId),
            Close,
        }
        let mut stack = vec![Work::Tree(self.root())];
        let mut first = true;
        while let Some(work) = stack.pop() {
            let mut at = match work {
                Work::Close => {
                    out.push(')');
                    continue;
                }
                Work::Tree(id) => id,
            };
            if !first {
                out.push('\n');
            }
            first = false;
            out.push('(');
            loop {
                write_node(self.node(at), out);
                match self.children(at) {
                    [] => {
                        out.push(')');
                        break;
                    }
                    [only] => {
                        at = *only;
                        out.push('\n');
                    }
                    many => {
                        stack.push(Work::Close);
                        stack.extend(many.iter().rev().map(|&c| Work::Tree(c)));
                        break;
                    }
                }
            }
        }
    }

    /// Whether two trees hold the same nodes in the same places.
    pub fn same_as(&self, other: &Tree) -> bool {
        let mut stack = vec![(self.root(), other.root())];
        while let Some((a, b)) = stack.pop() {
            if self.node(a) != other.node(b) || self.children(a).len() != other.children(b).len() {
                return false;
            }
            stack.extend(
                self.children(a)
                    .iter()
                    .copied()
                    .zip(other.children(b).iter().copied()),
            );
        }
        true
    }

    /// How many children deep `id` is from the root (the root is 0).
    pub fn depth(&self, id: NodeId) -> usize {
        let mut n = 0;
        let mut at = id;
        while let Some(p) = self.parent(at) {
            n += 1;
            at = p;
        }
        n
    }

    /// Which child of its parent `id` is (0 for the root and for a main-line continuation).
    pub fn child_index(&self, id: NodeId) -> usize {
        self.parent(id).map_or(0, |p| {
            self.children(p).iter().position(|&c| c == id).unwrap_or(0)
        })
    }
}

impl PartialEq for Tree {
    fn eq(&self, other: &Tree) -> bool {
        self.same_as(other)
    }
}

/// One node as SGF: `;` and its properties, values escaped (`\` and `]`).
pub fn write_node(node: &Node, out: &mut String) {
    out.push(';');
    for (id, values) in &node.props {
        out.push_str(id);
        for v in values {
            out.push('[');
            for c in v.chars() {
                if c == '\\' || c == ']' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push(']');
        }
    }
}

impl Node {
    pub fn get(&self, id: &str) -> Option<&[String]> {
        self.props
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| v.as_slice())
    }

    pub fn first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(|s| s.as_str())
    }

    /// A node with one property.
    pub fn with(id: &str, value: impl Into<String>) -> Node {
        Node {
            props: vec![(id.to_string(), vec![value.into()])],
        }
    }

    /// Sets a property to these values (replacing it where it stands, or added last).
    pub fn set(&mut self, id: &str, values: Vec<String>) {
        match self.props.iter_mut().find(|(k, _)| k == id) {
            Some((_, v)) => *v = values,
            None => self.props.push((id.to_string(), values)),
        }
    }

    /// Removes a property; whether it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.props.len();
        self.props.retain(|(k, _)| k != id);
        self.props.len() != before
    }

    pub fn has(&self, id: &str) -> bool {
        self.props.iter().any(|(k, _)| k == id)
    }

    /// The move of the node: (colour, value) of its `B` or `W`.
    pub fn move_value(&self) -> Option<(crate::rules::Colour, &str)> {
        use crate::rules::Colour;
        self.first("B")
            .map(|v| (Colour::Black, v))
            .or_else(|| self.first("W").map(|v| (Colour::White, v)))
    }

    /// Whether the node sets up stones or the player to move (`AB` `AW` `AE` `PL`).
    pub fn has_setup(&self) -> bool {
        ["AB", "AW", "AE", "PL"].iter().any(|id| self.has(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::sgf;

    fn tree(text: &str) -> Tree {
        sgf::parse(text).unwrap().0
    }

    #[test]
    fn every_node_of_every_depth_is_kept_and_written_back() {
        let text = "(;GM[1]SZ[9]XX[unknown]\n;B[ee]C[a]\n(;W[cc]\n(;B[dd])\n(;B[gg]TR[aa][bb]))\n(;W[gc]C[b\\]c]))\n";
        let t = tree(text);
        assert_eq!(t.len(), 6);
        assert_eq!(t.to_sgf(), text);
        let again = tree(&t.to_sgf());
        assert_eq!(again, t);
        // The main line and a path into a second-level branch.
        let main = t.main_line();
        assert_eq!(main.len(), 4);
        assert_eq!(t.node(main[3]).first("B"), Some("dd"));
        let w_cc = main[2];
        let gg = t.children(w_cc)[1];
        assert_eq!(t.path_to(gg), vec![main[0], main[1], w_cc, gg]);
        assert_eq!((t.depth(gg), t.child_index(gg)), (3, 1));
        assert_eq!(t.node(t.children(main[1])[1]).first("C"), Some("b]c"));
    }

    #[test]
    fn a_leaf_is_removed_and_the_rest_stays() {
        let mut t = tree("(;SZ[9];B[ee](;W[cc])(;W[dd]))");
        let b = t.children(t.root())[0];
        let first = t.children(b)[0];
        assert!(!t.remove_leaf(t.root()));
        assert!(!t.remove_leaf(b), "it has children");
        assert!(t.remove_leaf(first));
        assert_eq!(t.to_sgf(), "(;SZ[9]\n;B[ee]\n;W[dd])\n");
    }

    #[test]
    fn a_line_of_a_hundred_thousand_nodes_and_deep_nesting_do_not_overflow() {
        let mut text = String::from("(;SZ[19]");
        for i in 0..100_000 {
            text += if i % 2 == 0 { ";B[aa]" } else { ";W[]" };
        }
        text += ")";
        let t = tree(&text);
        assert_eq!(t.main_line().len(), 100_001);
        assert_eq!(tree(&t.to_sgf()), t);
        let nested = format!("(;SZ[9]{}{})", "(;C[x]".repeat(50_000), ")".repeat(50_000));
        let t = tree(&nested);
        assert_eq!(t.len(), 50_001);
        assert_eq!(tree(&t.to_sgf()), t);
        drop(t);
    }
}
