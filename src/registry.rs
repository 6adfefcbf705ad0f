//! The one shape of the algorithm registries: [`crate::generate::GeneratorKind`] and
//! [`crate::solve::SolverKind`] are both written with [`registry!`].
//!
//! From a list of `Variant => module::Type, "name", "Title", "summary";` lines it makes:
//!
//! * `Kind`, a `Copy` enum of the algorithms with `ALL` (menu order), `name` (the stable
//!   kebab-case command-line name), `title`, `summary`, `pseudocode` (the module's
//!   `PSEUDOCODE`), `from_name` and `build` (a fresh machine, held in `Any`);
//! * `Any`, an enum holding any one algorithm's machine (so a run can hold and checkpoint
//!   whichever the user picked), with `kind()`, [`crate::teach::Teach`] and the machine
//!   trait (`Generator` or `Solver`) implemented by handing each call to the machine held.
//!
//! A machine trait's methods with a `Self: Sized` default (`run`, which loops `step` to the
//! end) are handed over too, so a headless run picks the algorithm once and then loops
//! without dispatch. Adding an algorithm is one line in the list and its own file.

/// Builds a registry; see the module documentation. `store` (optional) names a type
/// parameter of every machine in the list (the solvers' node store), with the `Any` default.
macro_rules! registry {
    (
        $(#[$kind_doc:meta])* kind $Kind:ident, what $what:literal;
        $(#[$any_doc:meta])* any $Any:ident;
        event $Event:ty;
        $Trait:ident { $($methods:tt)* }
        new $params:tt $call:tt;
        $( $Variant:ident => $module:ident :: $Ty:ident, $name:literal, $title:literal, $summary:literal; )*
    ) => {
        $crate::registry::registry!(@common
            [$(#[$kind_doc])*] $Kind, $what; [$(#[$any_doc])*] $Any; [] [] []; $Event;
            $Trait { $($methods)* }
            build new $params $call;
            [$($Variant)*] [$($Variant ($module::$Ty))*];
            $( $Variant => $module::$Ty, $module, $name, $title, $summary; )*
        );
    };
    (
        $(#[$kind_doc:meta])* kind $Kind:ident, what $what:literal;
        $(#[$any_doc:meta])* any $Any:ident<$P:ident: $Bound:path = $Default:ty>;
        event $Event:ty;
        $Trait:ident { $($methods:tt)* }
        new ($self_:ident $($params:tt)*) $call:tt;
        $( $Variant:ident => $module:ident :: $Ty:ident, $name:literal, $title:literal, $summary:literal; )*
    ) => {
        impl $Kind {
            /// A fresh step machine, its nodes in the default store.
            #[must_use]
            pub fn build($self_ $($params)*) -> $Any {
                $self_.build_in::<$Default> $call
            }
        }

        $crate::registry::registry!(@common
            [$(#[$kind_doc])*] $Kind, $what; [$(#[$any_doc])*] $Any;
            [<$P: $Bound = $Default>] [<$P: $Bound>] [<$P>]; $Event;
            $Trait { $($methods)* }
            build_in new ($self_ $($params)*) $call;
            [$($Variant)*] [$($Variant ($module::$Ty<$P>))*];
            $( $Variant => $module::$Ty<$P>, $module, $name, $title, $summary; )*
        );
    };
    (@common
        [$($kind_doc:tt)*] $Kind:ident, $what:literal; [$($any_doc:tt)*] $Any:ident;
        [$($decl:tt)*] [$($impl:tt)*] [$($use_:tt)*]; $Event:ty;
        $Trait:ident {
            $(ref { $(fn $rm:ident(&self $(, $ra:ident: $rt:ty)*) -> $rr:ty;)* })?
            $(mut { $(fn $mm:ident(&mut self $(, $ma:ident: $mt:ty)*) -> $mr:ty;)* })?
        }
        $build:ident new ($self_:ident $($params:tt)*) $call:tt;
        $variants:tt $typed:tt;
        $( $Variant:ident => $ty:ty, $module:ident, $name:literal, $title:literal, $summary:literal; )*
    ) => {
        $($kind_doc)*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $Kind {
            $( #[doc = $summary] $Variant, )*
        }

        $($any_doc)*
        #[derive(Clone, Debug, get_size2::GetSize)]
        pub enum $Any $($decl)* {
            $( #[doc = $summary] $Variant($ty), )*
        }

        impl $Kind {
            /// All of them, in menu order.
            pub const ALL: &'static [$Kind] = &[$($Kind::$Variant,)*];

            /// The stable kebab-case name used on the command line.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $($Kind::$Variant => $name,)* }
            }

            /// The display title.
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self { $($Kind::$Variant => $title,)* }
            }

            /// One line saying what it does.
            #[must_use]
            pub const fn summary(self) -> &'static str {
                match self { $($Kind::$Variant => $summary,)* }
            }

            /// Its pseudocode, as the Pseudocode pane shows it (at most
            /// [`crate::teach::MAX_PSEUDOCODE_LINES`] lines); a machine may show a variant
            /// of it ([`crate::teach::Teach::pseudocode`]).
            #[must_use]
            pub const fn pseudocode(self) -> $crate::teach::Pseudocode {
                match self { $($Kind::$Variant => $module::PSEUDOCODE,)* }
            }

            /// The one named `name` (kebab-case, as [`Self::name`]).
            ///
            /// # Errors
            /// [`crate::Error::UnknownAlgorithm`].
            pub fn from_name(name: &str) -> Result<Self, $crate::Error> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|k| k.name() == name)
                    .ok_or_else(|| $crate::Error::UnknownAlgorithm {
                        kind: $what,
                        name: name.to_owned(),
                    })
            }

            /// A fresh step machine.
            #[must_use]
            pub fn $build $($impl)* ($self_ $($params)*) -> $Any $($use_)* {
                $crate::registry::registry!(@build $self_, $Kind, $Any, $typed, $call)
            }
        }

        impl $($impl)* $Any $($use_)* {
            /// Which algorithm this is.
            #[must_use]
            pub const fn kind(&self) -> $Kind {
                $crate::registry::registry!(@kind self, $Kind, $Any, $variants)
            }
        }

        impl $($impl)* $crate::teach::Teach for $Any $($use_)* {
            type Event = $Event;

            fn pseudocode(&self) -> $crate::teach::Pseudocode {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::pseudocode(m))
            }
            fn setup_lines(&self) -> &'static [usize] {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::setup_lines(m))
            }
            fn edit_lines(&self) -> &'static [usize] {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::edit_lines(m))
            }
            fn lines(&self, event: &Self::Event) -> &'static [usize] {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::lines(m, event))
            }
            fn explain(&self, event: &Self::Event) -> String {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::explain(m, event))
            }
            fn structure_len(&self) -> usize {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::structure_len(m))
            }
            fn structure(&self, max: usize) -> $crate::teach::Structure {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::structure(m, max))
            }
            fn record(&self) -> Option<&dyn $crate::teach::Record> {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::record(m))
            }
            fn mark(&self, at: $crate::maze::Pos) -> $crate::Mark {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::mark(m, at))
            }
            fn current(&self) -> Option<$crate::maze::Pos> {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::current(m))
            }
            fn inspect(&self, at: $crate::maze::Pos) -> $crate::teach::Inspection {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::inspect(m, at))
            }
            fn milestone(&self, event: &Self::Event) -> Option<$crate::run::Milestone> {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::milestone(m, event))
            }
            fn asks(&self) -> Option<&'static str> {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::asks(m))
            }
            fn question(&self) -> Option<$crate::teach::Question> {
                $crate::registry::registry!(@match self, $Any, $variants, m => $crate::teach::Teach::question(m))
            }
        }

        impl $($impl)* $Trait for $Any $($use_)* {
            $($(
                fn $rm(&self $(, $ra: $rt)*) -> $rr {
                    $crate::registry::registry!(@match self, $Any, $variants, m => $Trait::$rm(m $(, $ra)*))
                }
            )*)?
            $($(
                fn $mm(&mut self $(, $ma: $mt)*) -> $mr {
                    $crate::registry::registry!(@match self, $Any, $variants, m => $Trait::$mm(m $(, $ma)*))
                }
            )*)?
        }
    };
    (@match $s:expr, $Any:ident, [$($V:ident)*], $m:ident => $e:expr) => {
        match $s { $($Any::$V($m) => $e,)* }
    };
    (@kind $s:expr, $Kind:ident, $Any:ident, [$($V:ident)*]) => {
        match $s { $($Any::$V(_) => $Kind::$V,)* }
    };
    (@build $s:expr, $Kind:ident, $Any:ident, [$($V:ident ($ty:ty))*], $call:tt) => {
        match $s { $($Kind::$V => $Any::$V(<$ty>::new $call),)* }
    };
}

pub(crate) use registry;
