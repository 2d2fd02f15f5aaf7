#include "events/KernelFinder.h"
#include "events/FunctionFacts.h"
#include "events/GmType.h"
#include "events/UserFunctions.h"
#include "frontend/DeclName.h"
#include "base/Paths.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace commcheck {

namespace {

bool isTemplatePatternWithInstances(const FunctionDecl *FD) {
  if (!FD->isDependentContext())
    return false;
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    return !T->specializations().empty();
  // Members of class templates and generic lambdas: their instantiations are visited.
  return true;
}

/// What the source says about one function: its qualifiers and launches.
class Classifier {
public:
  Classifier(const SourceManager &SM, const DiscoveryInput &In, EventGraphBuilder &B)
      : SM(SM), In(In), B(B) {}

  /// A mark written before the declaration's name, among its specifiers. The qualifiers expand to
  /// nothing (or to attributes), so the declaration may start after them: the specifiers reach
  /// back to the end of what came before (a `;`, a brace, a template header's `>`).
  bool marked(const FunctionDecl *FD, const std::vector<SourceLocation> &Marks) const {
    const FunctionDecl *P = FD->getTemplateInstantiationPattern();
    const FunctionDecl *D = P ? P : FD;
    for (const FunctionDecl *R : D->redecls()) {
      SourceLocation B = SM.getExpansionLoc(R->getBeginLoc()), E = SM.getExpansionLoc(R->getLocation());
      if (SM.getFileID(B) != SM.getFileID(E))
        continue;
      unsigned Lo = SM.getFileOffset(B), Hi = SM.getFileOffset(E);
      StringRef Buf = SM.getBufferData(SM.getFileID(B));
      for (unsigned Back = 0; Lo > 0 && Back < 512 && !StringRef(";{}>").contains(Buf[Lo - 1]); ++Back)
        --Lo;
      for (SourceLocation M : Marks)
        if (SM.getFileID(M) == SM.getFileID(B) && SM.getFileOffset(M) >= Lo &&
            SM.getFileOffset(M) <= Hi)
          return true;
    }
    return false;
  }
  bool qualified(const FunctionDecl *FD) const {
    return marked(FD, In.PP.DeviceMarks) || marked(FD, In.PP.EntryMarks);
  }
  bool entry(const FunctionDecl *FD) const {
    return marked(FD, In.PP.EntryMarks) || (FD->isExternC() && marked(FD, In.PP.DeviceMarks));
  }
  /// A launch the preprocessor keeps, inside the function's body.
  bool launches(const FunctionDecl *FD) const {
    SourceRange R = FD->getBody()->getSourceRange();
    SourceLocation Begin = SM.getExpansionLoc(R.getBegin());
    if (SM.getFileID(Begin) != SM.getMainFileID())
      return false;
    unsigned Lo = SM.getFileOffset(Begin), Hi = SM.getFileOffset(SM.getExpansionLoc(R.getEnd()));
    for (const auto &[LB, LE] : In.Source.Launches)
      if (LB >= Lo && LE <= Hi + 1 && !In.PP.skipped(SM, SM.getMainFileID(), LB))
        return true;
    return false;
  }
  /// Evidence of device code besides a qualifier: GM parameters, or a communication intrinsic.
  bool deviceEvidence(const FunctionDecl *FD) {
    for (const ParmVarDecl *P : FD->parameters())
      if (isGmPointerType(P->getType()))
        return true;
    for (const FunctionDecl *Callee : B.facts(FD).callees())
      if (const Intrinsic *I = B.intrinsicOf(Callee);
          I && I->Kind != IntrinsicKind::None && I->Kind != IntrinsicKind::View)
        return true;
    return false;
  }
  bool device(const FunctionDecl *FD) {
    if (qualified(FD))
      return true;
    return !launches(FD) && deviceEvidence(FD);
  }

private:
  const SourceManager &SM;
  const DiscoveryInput &In;
  EventGraphBuilder &B;
};

} // namespace

Discovery findRootFunctions(ASTContext &Ctx, const DiscoveryInput &In, EventGraphBuilder &Builder) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Functions = userFunctions(Ctx, In.Trusted);
  Classifier C(SM, In, Builder);
  // Every device function of the translation unit, in the focus or not: where a kernel call
  // starts, and so what may write launch data during one (the includer's kernel too).
  std::vector<const FunctionDecl *> Device;
  for (const FunctionDecl *FD : Functions)
    if (!Builder.intrinsicOf(FD) && !isTemplatePatternWithInstances(FD) &&
        C.device(FD))
      Device.push_back(FD);
  Builder.setDeviceFunctions(Device, Functions);
  if (!In.Focus.empty()) {
    llvm::DenseMap<FileID, bool> InFocus;
    llvm::erase_if(Device, [&](const FunctionDecl *FD) {
      FileID Id = SM.getFileID(SM.getExpansionLoc(FD->getLocation()));
      auto [It, New] = InFocus.try_emplace(Id, false);
      if (New)
        if (OptionalFileEntryRef F = SM.getFileEntryRefForID(Id))
          It->second = realPath(F->getName()) == In.Focus;
      return !It->second;
    });
  }

  llvm::DenseSet<const FunctionDecl *> Called;
  Discovery D;
  D.Functions = std::move(Functions);
  for (const FunctionDecl *FD : Device) {
    if (C.entry(FD))
      D.Entries.push_back(FD);
    // The callees come with the facts the builder needs anyway (one scan of the CFG).
    const auto &Callees = Builder.facts(FD).callees();
    Called.insert(Callees.begin(), Callees.end());
  }
  if (!D.Entries.empty()) {
    D.Roots = D.Entries;
    return D;
  }
  for (const FunctionDecl *FD : Device)
    if (!Called.contains(FD->getCanonicalDecl()))
      D.Roots.push_back(FD);
  return D;
}

} // namespace commcheck
