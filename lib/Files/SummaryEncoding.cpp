//===- SummaryEncoding.cpp - The summary's compact form -------------------===//
//
//   "CLSUM" version:varint xxhash64-of-the-rest:8 bytes
//   string-count:varint { length:varint bytes }...
//   the ModuleSummary's fields (mapFields), each string as its table index;
//   a function's Params and its Pointers each after their size:varint, left
//   encoded until asked for: the Params decoded once and kept
//   (FunctionSummary::params()), the Pointers decoded each time and not
//   kept (FunctionSummary::forEachPointer(): the points-to analysis reads
//   each function's once, and they are the largest part of a summary)
//
//===----------------------------------------------------------------------===//

#include "cacheline/Files/SummaryEncoding.h"
#include "cacheline/Files/JSONFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/xxhash.h"

#include <cstring>
#include <optional>

using namespace llvm;
using namespace cacheline;

namespace {

constexpr StringLiteral Magic = "CLSUM";

/// A function's Params, in a field of their own: written with their size,
/// so that a reader can leave them encoded.
struct ParamsOf {
  FunctionSummary &F;
};
/// The same for its Pointers.
struct PointersOf {
  FunctionSummary &F;
};

/// The bytes of a decoded summary and its string table, which the
/// functions' Params and Pointers still encoded refer to.
struct EncodedSummary {
  StringRef Bytes;
  /// The bytes, where the summary owns them.
  std::string Copy;
  std::vector<StringRef> Strings;
};

/// How many values each enum of the schema has: a decoded one must be one.
template <typename E> constexpr unsigned EnumSize = 0;
template <> constexpr unsigned EnumSize<AccessKind> =
    unsigned(AccessKind::OnceWrite) + 1;
template <> constexpr unsigned EnumSize<CallEffect> =
    unsigned(CallEffect::Escape) + 1;
template <> constexpr unsigned EnumSize<CallKind> =
    unsigned(CallKind::InlineAsm) + 1;
template <> constexpr unsigned EnumSize<AddressUse> =
    unsigned(AddressUse::StoredTo) + 1;
template <> constexpr unsigned EnumSize<PointerOperand::Kind> =
    unsigned(PointerOperand::Kind::VarArgs) + 1;
template <> constexpr unsigned EnumSize<PointerStatement::Kind> =
    unsigned(PointerStatement::Kind::Return) + 1;

// Each record's fields, in encoding order: the one list both directions
// share. IO::map reads or writes one field.

template <typename IO> void mapFields(IO &io, Position &P) {
  io.map(P.Function, P.Block, P.Index, P.Loop, P.Frequency, P.LoopFrequency,
         P.ProfileCount, P.Callee, P.OnceFlag);
}
template <typename IO> void mapFields(IO &io, ByteRange::Index &I) {
  io.map(I.Stride, I.Count, I.Sweeps);
}
template <typename IO> void mapFields(IO &io, ByteRange &R) {
  io.map(R.Offset, R.Indices, R.HandedOffset, R.HandedIndices, R.Size);
}
template <typename IO> void mapFields(IO &io, FieldSpan &F) {
  io.map(F.Offset, F.Size, F.Name);
}
template <typename IO> void mapFields(IO &io, AccessSummary &A) {
  io.map(A.Kind, A.At, A.Range, A.OrRanges);
}
template <typename IO> void mapFields(IO &io, PointerCall &C) {
  io.map(C.Callee, C.Site, C.Arg, C.CallType, C.Fallback, C.Callback,
         C.EscapeReason, C.At, C.Range);
}
template <typename IO> void mapFields(IO &io, ArgumentValues &A) {
  io.map(A.Arg, A.Bits, A.Lo, A.Hi);
}
template <typename IO> void mapFields(IO &io, PointerOperand &O) {
  io.map(O.K, O.Value, O.Name, O.Offset, O.Variable, O.Stride);
}
template <typename IO> void mapFields(IO &io, PointerStatement &S) {
  io.map(S.K, S.Dst, S.Site, S.Fallback, S.Size, S.Addr, S.Src);
}
template <typename IO> void mapFields(IO &io, ReturnedPointer &R) {
  io.map(R.Function, R.Range, R.When);
}
template <typename IO> void mapFields(IO &io, PointerSummary &S) {
  io.map(S.Accesses, S.Calls, S.Escape, S.Distance, S.Order, S.ReturnedBy,
         S.HeldBy, S.StoredFunctions, S.OpaqueStores);
}
template <typename IO> void mapFields(IO &io, GlobalSummary &G) {
  io.map(G.Name, G.Local, G.Definition, G.Constant, G.ThreadLocal,
         G.ImplicitSection, G.HasSection, G.Section, G.ExternallyInitialized,
         G.Unsized, G.Interposable, G.Size, G.ElementCount, G.ElementSize,
         G.Fields, G.ExportedAlias, G.Fingerprint, G.InUsedList,
         G.ContentsLeak, G.LeakCallees, G.LeakThrough,
         G.InitializerFunctions, G.InitialPointers, G.Uses,
         G.OnlyLoadedAndStored, G.Loaded, G.HoldsOnlyAllocations);
}
template <typename IO> void mapFields(IO &io, CallSiteSummary &S) {
  io.map(S.Block, S.Index, S.Loop, S.Frequency, S.LoopFrequency,
         S.WaitingLoops, S.OnceFlag, S.Kind, S.Callee, S.CallType,
         S.LoadedFrom, S.ChosenCallees, S.Field, S.CalleeFromCalls,
         S.ConstantArgs, S.Known, S.CreatesThread, S.JoinsThread, S.Waits,
         S.ReturnsForeignCode, S.NoReturn, S.SyncCallbacks,
         S.DeferredCallbacks, S.AllocElementSize, S.AllocCount);
}
template <typename IO> void mapFields(IO &io, CountedLoop &L) {
  io.map(L.Loop, L.Iterations);
}
template <typename IO> void mapFields(IO &io, FunctionSummary &F) {
  ParamsOf Params{F};
  PointersOf Pointers{F};
  io.map(F.Name, F.Type, F.Local, F.Interposable, F.ThreadTrampoline,
         F.OnceBody, F.NumArgs, F.Instructions, F.Successors, F.BeforeLoops,
         F.AfterLoops, F.CountedLoops, F.Calls, F.ReturnedCalls, Params,
         F.CallResults, F.NumPointerValues, Pointers);
}
template <typename IO> void mapFields(IO &io, AddressUseSummary &A) {
  io.map(A.Function, A.Use, A.Callee, A.Arg, A.Fallback, A.Owner,
         A.OwnerLocal, A.Caller, A.Site, A.Fields);
}
template <typename IO> void mapFields(IO &io, ModuleSummary &S) {
  io.map(S.Module, S.Source, S.Target, S.Globals, S.Functions,
         S.AddressUses);
}

/// Writes fields; strings go into the table.
class Writer {
public:
  template <typename... Ts> void map(Ts &...Fields) { (put(Fields), ...); }

  std::string finish() const {
    std::string Payload;
    raw_string_ostream P(Payload);
    encodeULEB128(Strings.size(), P);
    for (StringRef S : Strings) {
      encodeULEB128(S.size(), P);
      P << S;
    }
    P.write(reinterpret_cast<const char *>(Stream.data()), Stream.size());
    P.flush();
    std::string Out(Magic);
    raw_string_ostream OS(Out);
    encodeULEB128(FactsFormatVersion, OS);
    char Hash[8];
    support::endian::write64le(Hash, xxHash64(Payload));
    OS.write(Hash, 8);
    OS << Payload;
    OS.flush();
    return Out;
  }

private:
  void put(uint64_t V) {
    uint8_t Bytes[16];
    Stream.append(Bytes, Bytes + encodeULEB128(V, Bytes));
  }
  void put(int64_t V) {
    uint8_t Bytes[16];
    Stream.append(Bytes, Bytes + encodeSLEB128(V, Bytes));
  }
  void put(int V) { put(int64_t(V)); }
  void put(unsigned V) { put(uint64_t(V)); }
  void put(bool V) { put(uint64_t(V)); }
  void put(double V) {
    uint8_t Bytes[sizeof(double)];
    std::memcpy(Bytes, &V, sizeof(double));
    Stream.append(Bytes, Bytes + sizeof(double));
  }
  void put(std::string &S) { put(uint64_t(indexOf(S))); }
  template <typename E> std::enable_if_t<std::is_enum_v<E>> put(E V) {
    put(uint64_t(V));
  }
  template <typename T> void put(std::optional<T> &V) {
    put(V.has_value());
    if (V)
      put(*V);
  }
  template <typename T> void put(std::vector<T> &V) {
    put(uint64_t(V.size()));
    for (T &E : V)
      put(E);
  }
  void put(std::vector<bool> &V) {
    put(uint64_t(V.size()));
    for (bool B : V)
      put(B);
  }
  template <typename K, typename T> void put(std::pair<K, T> &P) {
    put(P.first);
    put(P.second);
  }
  template <typename T> void put(std::map<int, T> &M) {
    put(uint64_t(M.size()));
    for (auto &[K, V] : M) {
      int Key = K;
      put(Key);
      put(V);
    }
  }
  void put(ParamsOf &P) {
    // The writer only reads the fields it is handed.
    putSized(const_cast<std::map<int, PointerSummary> &>(P.F.params()));
  }
  void put(PointersOf &P) {
    std::vector<PointerStatement> Pointers = P.F.pointers();
    putSized(Pointers);
  }
  /// \p Field, after its size in bytes. The size goes in front of the
  /// field once it is written, which moves the field's bytes only.
  template <typename T> void putSized(T &Field) {
    size_t Start = Stream.size();
    put(Field);
    uint8_t Bytes[16];
    unsigned Length = encodeULEB128(Stream.size() - Start, Bytes);
    Stream.insert(Stream.begin() + Start, Bytes, Bytes + Length);
  }
  template <typename T>
  std::enable_if_t<std::is_class_v<T>> put(T &Record) {
    mapFields(*this, Record);
  }

  /// \p S's index in the table. Most strings are empty (a position's
  /// callee and flag) or the last one asked for (one function's name,
  /// position after position): those need no lookup.
  unsigned indexOf(StringRef S) {
    if (S.empty()) {
      if (!EmptyIndex)
        EmptyIndex = lookup(S);
      return *EmptyIndex;
    }
    if (S != Last) {
      LastIndex = lookup(S);
      Last = Strings[LastIndex];
    }
    return LastIndex;
  }
  unsigned lookup(StringRef S) {
    auto [It, New] = Index.try_emplace(S, Strings.size());
    if (New)
      Strings.push_back(It->getKey());
    return It->second;
  }

  SmallVector<uint8_t, 0> Stream;
  StringMap<unsigned> Index;
  std::vector<StringRef> Strings;
  std::optional<unsigned> EmptyIndex;
  StringRef Last;
  unsigned LastIndex = 0;
};

class LazyParams;

/// Reads fields; the first bad byte stops it (Failed).
class Reader {
public:
  /// Reads \p Table's bytes, from the header on.
  explicit Reader(std::shared_ptr<EncodedSummary> Table)
      : Table(Table), Strings(Table->Strings),
        At(reinterpret_cast<const uint8_t *>(Table->Bytes.data())),
        End(At + Table->Bytes.size()) {}
  /// Reads \p Range of \p Table's bytes, with its string table.
  Reader(std::shared_ptr<EncodedSummary> Table, StringRef Range)
      : Table(Table), Strings(Table->Strings), At(Range.bytes_begin()),
        End(Range.bytes_end()) {}

  template <typename... Ts> void map(Ts &...Fields) { (get(Fields), ...); }

  bool header(uint64_t &Version) {
    if (size_t(End - At) < Magic.size() ||
        std::memcmp(At, Magic.data(), Magic.size()) != 0)
      return false;
    At += Magic.size();
    get(Version);
    if (Failed || Version != FactsFormatVersion)
      return false;
    // The rest, names included, as written: damage anywhere is seen here.
    if (size_t(End - At) < 8)
      return fail();
    uint64_t Hash = support::endian::read64le(At);
    At += 8;
    if (xxHash64(ArrayRef<uint8_t>(At, End)) != Hash) {
      Damaged = true;
      return fail();
    }
    uint64_t N = 0;
    get(N);
    if (N > size_t(End - At))
      return fail();
    Strings.reserve(N);
    for (uint64_t I = 0; I < N && !Failed; ++I) {
      uint64_t Size = 0;
      get(Size);
      if (Failed || Size > size_t(End - At))
        return fail();
      Strings.push_back(StringRef(reinterpret_cast<const char *>(At), Size));
      At += Size;
    }
    return !Failed;
  }
  bool atEnd() const { return At == End; }
  bool Failed = false;
  /// The header was read, but the rest is not as written (its hash).
  bool Damaged = false;

private:
  bool fail() {
    Failed = true;
    At = End;
    return false;
  }
  /// A LEB128 number, by \p Decode (decodeULEB128 or decodeSLEB128).
  template <typename T, typename DecodeFn>
  void getLEB128(T &V, DecodeFn Decode) {
    const char *Error = nullptr;
    unsigned N = 0;
    V = Decode(At, &N, End, &Error);
    if (Error)
      fail();
    else
      At += N;
  }
  void get(uint64_t &V) { getLEB128(V, decodeULEB128); }
  void get(int64_t &V) { getLEB128(V, decodeSLEB128); }
  void get(int &V) {
    int64_t W = 0;
    get(W);
    V = int(W);
  }
  void get(unsigned &V) {
    uint64_t W = 0;
    get(W);
    V = unsigned(W);
  }
  void get(bool &V) {
    uint64_t W = 0;
    get(W);
    V = W != 0;
  }
  void get(double &V) {
    if (size_t(End - At) < sizeof(double)) {
      fail();
      return;
    }
    std::memcpy(&V, At, sizeof(double));
    At += sizeof(double);
  }
  void get(std::string &S) {
    uint64_t I = 0;
    get(I);
    if (I >= Strings.size())
      fail();
    else
      S.assign(Strings[I].data(), Strings[I].size());
  }
  template <typename E> std::enable_if_t<std::is_enum_v<E>> get(E &V) {
    static_assert(EnumSize<E> > 0, "an enum of the schema");
    uint64_t W = 0;
    get(W);
    if (W >= EnumSize<E>)
      fail();
    else
      V = E(W);
  }
  template <typename T> void get(std::optional<T> &V) {
    bool Has = false;
    get(Has);
    if (Has && !Failed)
      get(V.emplace());
  }
  /// A count no larger than the bytes left: each element takes one.
  uint64_t count() {
    uint64_t N = 0;
    get(N);
    if (N > size_t(End - At))
      fail();
    return Failed ? 0 : N;
  }
  template <typename T> void get(std::vector<T> &V) {
    uint64_t N = count();
    V.resize(N);
    for (T &E : V)
      get(E);
  }
  void get(std::vector<bool> &V) {
    uint64_t N = count();
    V.assign(N, false);
    for (uint64_t I = 0; I < N; ++I) {
      bool B = false;
      get(B);
      V[I] = B;
    }
  }
  template <typename K, typename T> void get(std::pair<K, T> &P) {
    get(P.first);
    get(P.second);
  }
  template <typename T> void get(std::map<int, T> &M) {
    uint64_t N = count();
    for (uint64_t I = 0; I < N && !Failed; ++I) {
      int Key = 0;
      get(Key);
      get(M[Key]);
    }
  }
  /// Leave the Params encoded (LazyParams), and the Pointers
  /// (LazyPointers).
  void get(ParamsOf &P);
  void get(PointersOf &P);
  /// A field written after its size (Writer::putSized): its bytes.
  StringRef sized();
  template <typename T>
  std::enable_if_t<std::is_class_v<T>> get(T &Record) {
    if (!Failed)
      mapFields(*this, Record);
  }

  std::shared_ptr<EncodedSummary> Table;
  std::vector<StringRef> &Strings;
  const uint8_t *At, *End;
};

/// A function's Params left encoded: decoded on first use. Their bytes
/// passed the summary's hash check when it was read.
/// Decodes \p Bytes of \p Table, a field left encoded, into \p Field: a
/// field that does not decode is a bug, its bytes having passed the
/// summary's hash check.
template <typename T>
void decodeField(const std::shared_ptr<EncodedSummary> &Table, StringRef Bytes,
                 T &Field, const char *What) {
  Reader R(Table, Bytes);
  R.map(Field);
  if (R.Failed || !R.atEnd())
    report_fatal_error(Twine("cacheline-layout: a summary's ") + What +
                       " do not decode although the summary's hash matched");
}

class LazyParams final : public PendingParams {
public:
  LazyParams(std::shared_ptr<EncodedSummary> Table, StringRef Bytes)
      : Table(std::move(Table)), Bytes(Bytes) {}
  const std::map<int, PointerSummary> &decoded() const override {
    if (!Params)
      decodeField(Table, Bytes, Params.emplace(), "parameter records");
    return *Params;
  }

private:
  std::shared_ptr<EncodedSummary> Table;
  StringRef Bytes;
  mutable std::optional<std::map<int, PointerSummary>> Params;
};

/// A function's Pointers left encoded: decoded each time they are asked
/// for.
class LazyPointers final : public PendingPointers {
public:
  LazyPointers(std::shared_ptr<EncodedSummary> Table, StringRef Bytes,
               size_t Count)
      : Table(std::move(Table)), Bytes(Bytes), Count(Count) {}
  size_t size() const override { return Count; }
  std::vector<PointerStatement> decoded() const override {
    std::vector<PointerStatement> Pointers;
    decodeField(Table, Bytes, Pointers, "pointer statements");
    return Pointers;
  }

private:
  std::shared_ptr<EncodedSummary> Table;
  StringRef Bytes;
  size_t Count;
};

StringRef Reader::sized() {
  uint64_t Size = 0;
  get(Size);
  if (Failed || Size > size_t(End - At)) {
    fail();
    return {};
  }
  StringRef Bytes(reinterpret_cast<const char *>(At), Size);
  At += Size;
  return Bytes;
}

void Reader::get(ParamsOf &P) {
  StringRef Bytes = sized();
  if (Bytes.size() > 1) // One byte: none (a zero count).
    P.F.EncodedParams = std::make_shared<LazyParams>(Table, Bytes);
}

void Reader::get(PointersOf &P) {
  StringRef Bytes = sized();
  if (Failed)
    return;
  // The count leads the bytes; the statements are checked when decoded
  // (their hash already was).
  Reader Count(Table, Bytes);
  uint64_t N = 0;
  Count.map(N);
  if (Count.Failed || N > Bytes.size()) {
    fail();
    return;
  }
  if (N)
    P.F.EncodedPointers = std::make_shared<LazyPointers>(Table, Bytes, N);
}

/// The checks fromJSON makes that the encoding cannot: call-site indices
/// in range.
bool wellFormed(const ModuleSummary &S) {
  for (const FunctionSummary &F : S.Functions) {
    auto InRange = [&](int Site) {
      return Site >= 0 && size_t(Site) < F.Calls.size();
    };
    if (!all_of(F.ReturnedCalls, InRange))
      return false;
    for (const auto &[Site, Uses] : F.CallResults)
      if (!InRange(Site))
        return false;
  }
  return true;
}

} // namespace

std::string cacheline::encodeSummary(const ModuleSummary &S) {
  Writer W;
  // The writer only reads the fields it is handed.
  W.map(const_cast<ModuleSummary &>(S));
  return W.finish();
}

Expected<ModuleSummary> cacheline::decodeSummary(StringRef Bytes,
                                                 StringRef Origin,
                                                 bool BytesOutlive) {
  // Kept while some function's Params or Pointers are still encoded.
  auto Table = std::make_shared<EncodedSummary>();
  if (BytesOutlive) {
    Table->Bytes = Bytes;
  } else {
    Table->Copy = Bytes.str();
    Table->Bytes = Table->Copy;
  }
  Reader R(Table);
  uint64_t Version = 0;
  if (!R.header(Version)) {
    if (R.Damaged)
      return fileError(Origin, "damaged summary (bad record data)");
    if (!R.Failed && Version)
      return fileError(Origin, "format " + Twine(Version) +
                                   " of another version of cacheline-layout "
                                   "(this plugin reads format " +
                                   Twine(FactsFormatVersion) + ")");
    return fileError(Origin, "damaged summary (bad header)");
  }
  ModuleSummary S;
  R.map(S);
  if (R.Failed || !R.atEnd() || !wellFormed(S))
    return fileError(Origin, "damaged summary (bad record data)");
  return S;
}
