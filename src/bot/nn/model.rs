//! Reads KataGo's binary model format (`.bin`, after gunzip) and folds each batch norm into the
//! convolution or matrix before it where the network allows.
//!
//! The format (KataGo `cpp/neuralnet/desc.cpp`, read and re-written here): whitespace-separated
//! text tokens — names, sizes, flags — and each weight tensor as `@BIN@` followed by that many
//! little-endian `f32`. Convolutions are stored `[y][x][in][out]`, matrices `[in][out]`, which
//! is the order our kernels want, so nothing is transposed.
//!
//! Supported: model versions 8–10 with ReLU (the g170 networks, KataGo's V7 inputs). Later
//! versions add heads and activations that this reader refuses by name.

use std::fmt;

/// Why a model file was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelError {
    /// The file ended inside the header or a weight block.
    Truncated(&'static str),
    /// A token was not what the format has at that place.
    Unexpected {
        expected: &'static str,
        found: String,
    },
    /// A version or shape this reader does not run.
    Unsupported(String),
    /// A weight is NaN or infinite.
    NotFinite(String),
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ModelError::Truncated(what) => write!(f, "the model file ends early (in {what})"),
            ModelError::Unexpected { expected, found } => {
                write!(f, "the model file has “{found}” where {expected} belongs")
            }
            ModelError::Unsupported(what) => write!(f, "this model is not supported: {what}"),
            ModelError::NotFinite(layer) => {
                write!(f, "the model has a non-finite weight in {layer}")
            }
        }
    }
}

impl std::error::Error for ModelError {}

/// A convolution, `k`×`k`, weights `[ky][kx][in][out]`, with a bias per output channel (zero
/// until a batch norm is folded in).
#[derive(Clone)]
pub struct Conv {
    pub k: usize,
    pub cin: usize,
    pub cout: usize,
    pub w: Vec<f32>,
    pub bias: Vec<f32>,
    /// The weights as Winograd's transform wants them (`[ξ][in][out]`, see
    /// [`super::winograd`]) for the trunk's convolutions, `w` then empty; empty otherwise.
    pub winograd: Vec<f32>,
}

impl Conv {
    /// Turns the weights for the Winograd kernel when it fits this convolution (after any batch
    /// norm is folded in): 4× the memory of 3×3 weights (1.44× of 5×5), kept instead of them.
    fn prepare(&mut self) {
        if super::winograd::fits(self) {
            self.winograd = super::winograd::weights(self);
            self.w = Vec::new();
        }
    }
}

/// A dense layer, weights `[in][out]`, with a bias.
#[derive(Clone)]
pub struct Dense {
    pub cin: usize,
    pub cout: usize,
    pub w: Vec<f32>,
    pub bias: Vec<f32>,
}

/// A batch norm that could not be folded (it follows a residual sum): `x·scale + shift`,
/// always followed by ReLU in these networks.
#[derive(Clone)]
pub struct Affine {
    pub scale: Vec<f32>,
    pub shift: Vec<f32>,
}

/// One residual block after folding.
#[derive(Clone)]
pub enum Block {
    /// pre-norm → ReLU → conv (mid-norm folded) → ReLU → conv → + input.
    Ordinary {
        pre: Affine,
        conv1: Conv,
        conv2: Conv,
    },
    /// pre-norm → ReLU → regular conv and pooled conv; the pooled branch's mean, scaled mean
    /// and max become a bias on the regular branch (mid-norm folded into both) → ReLU → conv.
    GlobalPooling {
        pre: Affine,
        regular: Conv,
        gpool: Conv,
        gpool_to_bias: Dense,
        last: Conv,
    },
}

/// A KataGo network ready to run.
pub struct Model {
    pub name: String,
    pub version: u32,
    pub trunk_channels: usize,
    pub first: Conv,
    pub global_to_trunk: Dense,
    pub blocks: Vec<Block>,
    pub tip: Affine,
    // Policy head.
    pub p1: Conv,
    pub g1: Conv,
    pub g1_to_p1: Dense,
    pub p2: Conv,
    pub g1_to_pass: Dense,
    // Value head.
    pub v1: Conv,
    pub v2: Dense,
    pub v3: Dense,
    pub sv3: Dense,
    pub ownership: Conv,
}

impl Model {
    /// Reads a model from a `.bin.gz` file's bytes, or a `.bin` one's (when a server or the
    /// browser already undid the gzip).
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        if bytes.starts_with(&[0x1f, 0x8b]) {
            use std::io::Read;
            let mut raw = Vec::with_capacity(bytes.len() * 11 / 10);
            flate2::read::GzDecoder::new(bytes)
                .read_to_end(&mut raw)
                .map_err(|_| ModelError::Truncated("the compressed file"))?;
            Model::parse(&raw)
        } else {
            Model::parse(bytes)
        }
    }

    /// Reads a model from the bytes of a `.bin` file (already decompressed).
    pub fn parse(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut r = Reader { bytes, at: 0 };
        let name = r.token("the model name")?.to_string();
        let version: u32 = r.number("the model version")?;
        if !(8..=10).contains(&version) {
            return Err(ModelError::Unsupported(format!(
                "model version {version} (8–10 are)"
            )));
        }
        let spatial_inputs: usize = r.number("the spatial input count")?;
        let global_inputs: usize = r.number("the global input count")?;
        if spatial_inputs != 22 || global_inputs != 19 {
            return Err(ModelError::Unsupported(format!(
                "{spatial_inputs} spatial and {global_inputs} global inputs (V7 has 22 and 19)"
            )));
        }
        r.token("the trunk's name")?;
        let num_blocks: usize = r.number("the block count")?;
        let trunk_channels: usize = r.number("the trunk channels")?;
        let _mid: usize = r.number("the mid channels")?;
        let _regular: usize = r.number("the regular channels")?;
        let _dilated: usize = r.number("the dilated channels")?;
        let _gpool: usize = r.number("the pooled channels")?;
        let mut first = r.conv()?;
        first.prepare();
        let global_to_trunk = r.matmul()?;
        if first.cout != trunk_channels || global_to_trunk.cout != trunk_channels {
            return Err(ModelError::Unsupported(
                "the first layers do not match the trunk".into(),
            ));
        }
        let mut blocks = Vec::with_capacity(num_blocks);
        for _ in 0..num_blocks {
            let kind = r.token("a block kind")?;
            match kind {
                "ordinary_block" => {
                    r.token("the block's name")?;
                    let pre = r.norm()?.affine();
                    r.activation()?;
                    let mut conv1 = r.conv()?;
                    r.norm()?.fold_into(&mut conv1, None);
                    r.activation()?;
                    let mut conv2 = r.conv()?;
                    conv1.prepare();
                    conv2.prepare();
                    blocks.push(Block::Ordinary { pre, conv1, conv2 });
                }
                "gpool_block" => {
                    r.token("the block's name")?;
                    let pre = r.norm()?.affine();
                    r.activation()?;
                    let mut regular = r.conv()?;
                    let mut gpool = r.conv()?;
                    r.norm()?.fold_into(&mut gpool, None);
                    r.activation()?;
                    let mut gpool_to_bias = r.matmul()?;
                    r.norm()?.fold_into(&mut regular, Some(&mut gpool_to_bias));
                    r.activation()?;
                    let mut last = r.conv()?;
                    for c in [&mut regular, &mut gpool, &mut last] {
                        c.prepare();
                    }
                    blocks.push(Block::GlobalPooling {
                        pre,
                        regular,
                        gpool,
                        gpool_to_bias,
                        last,
                    });
                }
                other => {
                    return Err(ModelError::Unsupported(format!("block kind {other}")));
                }
            }
        }
        let tip = r.norm()?.affine();
        r.activation()?;

        r.token("the policy head's name")?;
        let mut p1 = r.conv()?;
        let mut g1 = r.conv()?;
        r.norm()?.fold_into(&mut g1, None);
        r.activation()?;
        let mut g1_to_p1 = r.matmul()?;
        r.norm()?.fold_into(&mut p1, Some(&mut g1_to_p1));
        r.activation()?;
        let p2 = r.conv()?;
        let g1_to_pass = r.matmul()?;

        r.token("the value head's name")?;
        let mut v1 = r.conv()?;
        r.norm()?.fold_into(&mut v1, None);
        r.activation()?;
        let mut v2 = r.matmul()?;
        r.bias_into(&mut v2)?;
        r.activation()?;
        let mut v3 = r.matmul()?;
        r.bias_into(&mut v3)?;
        let mut sv3 = r.matmul()?;
        r.bias_into(&mut sv3)?;
        let ownership = r.conv()?;
        if v3.cout != 3 || sv3.cout < 4 || p2.cout != 1 || g1_to_pass.cout != 1 {
            return Err(ModelError::Unsupported("the heads' shapes".into()));
        }
        Ok(Model {
            name,
            version,
            trunk_channels,
            first,
            global_to_trunk,
            blocks,
            tip,
            p1,
            g1,
            g1_to_p1,
            p2,
            g1_to_pass,
            v1,
            v2,
            v3,
            sv3,
            ownership,
        })
    }
}

/// A batch norm as read: merged to `x·scale + shift` (KataGo's `computeMerged`).
struct Norm {
    scale: Vec<f32>,
    shift: Vec<f32>,
}

impl Norm {
    fn affine(self) -> Affine {
        Affine {
            scale: self.scale,
            shift: self.shift,
        }
    }

    /// Folds this norm, applied to the output of `conv` (plus the bias `dense` adds to it, if
    /// any), into their weights: `(conv + d)·s + t = conv·s + d·s + t`.
    fn fold_into(self, conv: &mut Conv, dense: Option<&mut Dense>) {
        let co = conv.cout;
        for (i, w) in conv.w.iter_mut().enumerate() {
            *w *= self.scale[i % co];
        }
        for c in 0..co {
            conv.bias[c] = conv.bias[c] * self.scale[c] + self.shift[c];
        }
        if let Some(d) = dense {
            for (i, w) in d.w.iter_mut().enumerate() {
                *w *= self.scale[i % d.cout];
            }
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn token(&mut self, what: &'static str) -> Result<&'a str, ModelError> {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let start = self.at;
        while self.at < self.bytes.len() && !self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        if start == self.at {
            return Err(ModelError::Truncated(what));
        }
        std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| ModelError::Unexpected {
            expected: what,
            found: "binary data".into(),
        })
    }

    fn number<T: std::str::FromStr>(&mut self, what: &'static str) -> Result<T, ModelError> {
        let t = self.token(what)?;
        t.parse().map_err(|_| ModelError::Unexpected {
            expected: what,
            found: t.to_string(),
        })
    }

    fn floats(&mut self, n: usize, layer: &str) -> Result<Vec<f32>, ModelError> {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        if !self.bytes[self.at..].starts_with(b"@BIN@") {
            let found =
                String::from_utf8_lossy(&self.bytes[self.at..(self.at + 8).min(self.bytes.len())]);
            return Err(ModelError::Unexpected {
                expected: "a weight block",
                found: found.into(),
            });
        }
        self.at += 5;
        let end = self.at + 4 * n;
        if end > self.bytes.len() {
            return Err(ModelError::Truncated("a weight block"));
        }
        let v: Vec<f32> = self.bytes[self.at..end]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        self.at = end;
        if v.iter().any(|x| !x.is_finite()) {
            return Err(ModelError::NotFinite(layer.to_string()));
        }
        Ok(v)
    }

    fn conv(&mut self) -> Result<Conv, ModelError> {
        let name = self.token("a convolution's name")?;
        let ky: usize = self.number("a kernel height")?;
        let kx: usize = self.number("a kernel width")?;
        let cin: usize = self.number("input channels")?;
        let cout: usize = self.number("output channels")?;
        let dy: usize = self.number("a dilation")?;
        let dx: usize = self.number("a dilation")?;
        if ky != kx || ky.is_multiple_of(2) || dy != 1 || dx != 1 {
            return Err(ModelError::Unsupported(format!(
                "convolution {name} of {ky}×{kx}"
            )));
        }
        let w = self.floats(ky * kx * cin * cout, name)?;
        Ok(Conv {
            k: ky,
            cin,
            cout,
            w,
            bias: vec![0.0; cout],
            winograd: Vec::new(),
        })
    }

    fn matmul(&mut self) -> Result<Dense, ModelError> {
        let name = self.token("a matrix's name")?;
        let cin: usize = self.number("input channels")?;
        let cout: usize = self.number("output channels")?;
        let w = self.floats(cin * cout, name)?;
        Ok(Dense {
            cin,
            cout,
            w,
            bias: vec![0.0; cout],
        })
    }

    fn bias_into(&mut self, d: &mut Dense) -> Result<(), ModelError> {
        let name = self.token("a bias's name")?;
        let n: usize = self.number("bias channels")?;
        if n != d.cout {
            return Err(ModelError::Unsupported(format!(
                "bias {name} of {n} channels"
            )));
        }
        d.bias = self.floats(n, name)?;
        Ok(())
    }

    fn norm(&mut self) -> Result<Norm, ModelError> {
        let name = self.token("a batch norm's name")?;
        let n: usize = self.number("norm channels")?;
        let eps: f32 = self.number("an epsilon")?;
        let has_scale: u8 = self.number("a scale flag")?;
        let has_bias: u8 = self.number("a bias flag")?;
        let mean = self.floats(n, name)?;
        let var = self.floats(n, name)?;
        let gamma = if has_scale != 0 {
            self.floats(n, name)?
        } else {
            vec![1.0; n]
        };
        let beta = if has_bias != 0 {
            self.floats(n, name)?
        } else {
            vec![0.0; n]
        };
        let scale: Vec<f32> = (0..n).map(|c| gamma[c] / (var[c] + eps).sqrt()).collect();
        let shift = (0..n).map(|c| beta[c] - scale[c] * mean[c]).collect();
        Ok(Norm { scale, shift })
    }

    /// Version 8–10 activations are ReLU, written as a name only.
    fn activation(&mut self) -> Result<(), ModelError> {
        self.token("an activation's name").map(|_| ())
    }
}
